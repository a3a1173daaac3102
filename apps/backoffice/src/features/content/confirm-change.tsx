import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api';

/**
 * A confirmation dialog (native <dialog>: focus trapped, Escape closes) for a content change: it
 * says what will change; the change runs only on confirm. Errors stay in the dialog, translated.
 */
export function ConfirmChange({
  open,
  title,
  description,
  confirmLabel,
  danger = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel?: string;
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);

  const close = () => {
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      close();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={close} className="dialog">
      {open ? (
        <div>
          <h2 id={`${id}-title`}>{title}</h2>
          {description ? <p>{description}</p> : null}
          {failure ? (
            <p role="alert" className="field-error">
              {t(`errors:${errorCodeOf(failure)}`)}
            </p>
          ) : null}
          <div className="dialog-actions">
            <button type="button" onClick={close}>
              {t('actions.cancel')}
            </button>
            <button type="button" autoFocus className={danger ? 'danger' : 'primary'} disabled={busy} onClick={() => void confirm()}>
              {confirmLabel ?? t('actions.confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
