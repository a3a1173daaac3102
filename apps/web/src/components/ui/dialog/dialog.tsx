import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../button/button';
import { Modal } from '../modal/modal';
import { SafeHtml } from '../safe-html/safe-html';
import { DialogIcon, type DialogIconName } from './dialog-icon';
import './dialog.css';

/** Spec 2.MOD.07 / 9: the generic dialog is 400 wide by default. */
export const DIALOG_DEFAULT_WIDTH = 400;

export type DialogButton = {
  label: string;
  /** Runs before the dialog closes; return false to keep it open. */
  onClick?: () => void | boolean;
  variant?: ButtonVariant;
  /** The button Enter triggers when there are several (2.MOD.06). */
  isDefault?: boolean;
};

export type DialogOptions = {
  icon?: DialogIconName;
  title?: string;
  /** HTML body; sanitised with DOMPurify before rendering. */
  html?: string;
  /** Default: one translated OK button. */
  buttons?: DialogButton[];
  /** Whether a background click closes the dialog (2.MOD.03). Default true. */
  coverClick?: boolean;
  /** Close by itself after this many ms (2.MOD.04). */
  timeout?: number;
  /** Default 400 (2.MOD.07). */
  width?: number | string;
  /** Default true. */
  closeOnEscape?: boolean;
  /** Show the header close button. Default true. */
  showClose?: boolean;
};

export type DialogProps = DialogOptions & {
  open: boolean;
  /** The index of the button that closed the dialog, or null (Escape, cover, close button, timeout). */
  onClose: (buttonIndex: number | null) => void;
  /** Extra content below the HTML body. */
  children?: ReactNode;
  'data-testid'?: string;
};

/** Index of the button Enter triggers: the only one, else the one marked isDefault, else none. */
export function getDefaultButtonIndex(buttons: DialogButton[]): number {
  if (buttons.length === 1) return 0;
  return buttons.findIndex((b) => b.isDefault);
}

/** Generic modal dialog (2.MOD.02-07): icon, title, HTML body, buttons, cover click, timeout. */
export function Dialog({
  open,
  onClose,
  icon,
  title,
  html,
  buttons,
  coverClick = true,
  timeout,
  width = DIALOG_DEFAULT_WIDTH,
  closeOnEscape = true,
  showClose = true,
  children,
  'data-testid': testId = 'dialog',
}: DialogProps) {
  const { t } = useTranslation('ui');
  const list = useMemo<DialogButton[]>(
    () => (buttons && buttons.length > 0 ? buttons : [{ label: t('ok'), variant: 'primary' }]),
    [buttons, t],
  );
  const defaultIndex = getDefaultButtonIndex(list);
  const defaultButtonRef = useRef<HTMLButtonElement>(null);

  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open || !timeout || timeout <= 0) return;
    const timer = window.setTimeout(() => onCloseRef.current(null), timeout);
    return () => window.clearTimeout(timer);
  }, [open, timeout]);

  const activate = (index: number) => {
    const button = list[index];
    if (!button) return;
    if (button.onClick?.() === false) return;
    onClose(index);
  };

  return (
    <Modal
      open={open}
      onClose={() => onClose(null)}
      title={title}
      ariaLabel={title === undefined ? t(`dialogIcon_${icon ?? 'info'}`) : undefined}
      width={width}
      height="auto"
      closeOnCover={coverClick}
      closeOnEscape={closeOnEscape}
      showClose={showClose}
      initialFocusRef={defaultIndex >= 0 ? defaultButtonRef : undefined}
      onEnterKey={defaultIndex >= 0 ? () => activate(defaultIndex) : undefined}
      className="ui-dialog"
      data-testid={testId}
      footer={
        <div className="ui-dialog__buttons">
          {list.map((button, index) => (
            <Button
              key={index}
              ref={index === defaultIndex ? defaultButtonRef : undefined}
              variant={button.variant ?? (index === defaultIndex ? 'primary' : 'secondary')}
              onClick={() => activate(index)}
              data-testid={`${testId}-button-${index}`}
              data-default={index === defaultIndex ? 'true' : undefined}
            >
              {button.label}
            </Button>
          ))}
        </div>
      }
    >
      <div className={`ui-dialog__content${icon ? ' ui-dialog__content--with-icon' : ''}`}>
        {icon && <DialogIcon name={icon} />}
        <div className="ui-dialog__text">
          {html !== undefined && <SafeHtml html={html} data-testid={`${testId}-html`} />}
          {children}
        </div>
      </div>
    </Modal>
  );
}
