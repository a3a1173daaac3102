import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { getFocusable, isInteractiveTarget } from './focusable';
import { isTopModal, pushModal, removeModal } from './modal-stack';
import { lockBodyScroll } from './scroll-lock';
import './modal.css';

/** Spec 2.MOD.07 / 9: modal defaults. */
export const MODAL_DEFAULT_WIDTH = 600;
export const MODAL_DEFAULT_HEIGHT = 300;

export type ModalProps = {
  open: boolean;
  /** Called for the close button, Escape and (when allowed) a background click. */
  onClose: () => void;
  /** Heading shown in the header; also names the dialog for assistive technology. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  ariaLabel?: string;
  children?: ReactNode;
  footer?: ReactNode;
  /** Panel width (px when a number). Default 600 (2.MOD.07). Never wider than the viewport. */
  width?: number | string;
  /** Panel minimum height (px when a number). Default 300 (2.MOD.07). Never taller than the viewport. */
  height?: number | string;
  /** Whether a click on the background (cover) closes the modal. Default true. */
  closeOnCover?: boolean;
  /** Whether Escape closes the modal. Default true. */
  closeOnEscape?: boolean;
  /** Show the close (×) button in the header. Default true. */
  showClose?: boolean;
  /** The panel can be dragged by its header. Default false. */
  draggable?: boolean;
  /** Wait this many ms after `open` turns true before showing (e.g. registration popup: 100). */
  delay?: number;
  /** Element focused when the modal opens; default the panel itself (so the title is announced). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Enter pressed while this is the topmost modal and focus is not on a control (dialogs). */
  onEnterKey?: () => void;
  className?: string;
  bodyClassName?: string;
  'data-testid'?: string;
};

const toCss = (value: number | string): string => (typeof value === 'number' ? `${value}px` : value);

/**
 * Base modal: portal, cover, header with close button, focus trap (focus returns to the opener on
 * close), Escape / background click to close, optional drag by the header, body scroll lock.
 */
export function Modal(props: ModalProps) {
  const { open, delay = 0 } = props;
  const [elapsed, setElapsed] = useState(false);
  const [prevOpen, setPrevOpen] = useState(open);
  if (open !== prevOpen) {
    // Reset the open delay for every new opening (state adjusted during render, not in an effect).
    setPrevOpen(open);
    setElapsed(false);
  }

  useEffect(() => {
    if (!open || delay <= 0) return;
    const timer = window.setTimeout(() => setElapsed(true), delay);
    return () => window.clearTimeout(timer);
  }, [open, delay]);

  const visible = open && (delay <= 0 || elapsed);
  if (!visible || typeof document === 'undefined') return null;
  return createPortal(<ModalPanel {...props} />, document.body);
}

function ModalPanel({
  onClose,
  title,
  ariaLabel,
  children,
  footer,
  width = MODAL_DEFAULT_WIDTH,
  height = MODAL_DEFAULT_HEIGHT,
  closeOnCover = true,
  closeOnEscape = true,
  showClose = true,
  draggable = false,
  initialFocusRef,
  onEnterKey,
  className,
  bodyClassName,
  'data-testid': testId = 'modal',
}: ModalProps) {
  const { t } = useTranslation('ui');
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ pointerId: number; startX: number; startY: number; baseX: number; baseY: number } | null>(
    null,
  );

  // Latest callbacks without re-running the effects below.
  const handlers = useRef({ onClose, onEnterKey, closeOnEscape });
  useEffect(() => {
    handlers.current = { onClose, onEnterKey, closeOnEscape };
  });

  // Stack membership, scroll lock, initial focus and focus return.
  useEffect(() => {
    const id = Symbol('modal');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    pushModal(id);
    const unlock = lockBodyScroll();
    const panel = panelRef.current;
    // Issue 11: the first field of a form takes the focus (a player types at once); a modal with no
    // field focuses its panel, so its title is announced.
    const firstField = panel?.querySelector<HTMLElement>(
      '.ui-modal__body input:not([type=hidden]):not([disabled]), .ui-modal__body select:not([disabled]), .ui-modal__body textarea:not([disabled])',
    );
    (initialFocusRef?.current ?? firstField ?? panel)?.focus({ preventScroll: true });

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopModal(id) || !panel) return;
      if (event.key === 'Escape') {
        if (!handlers.current.closeOnEscape) return;
        event.preventDefault();
        event.stopPropagation();
        handlers.current.onClose();
      } else if (event.key === 'Enter' && handlers.current.onEnterKey) {
        if (event.isComposing || isInteractiveTarget(event.target)) return;
        event.preventDefault();
        handlers.current.onEnterKey();
      } else if (event.key === 'Tab') {
        const focusable = getFocusable(panel);
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        const active = document.activeElement;
        if (!first || !last) {
          event.preventDefault();
          panel.focus();
        } else if (!panel.contains(active)) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && (active === first || active === panel)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      removeModal(id);
      unlock();
      if (opener && opener.isConnected) opener.focus({ preventScroll: true });
    };
  }, [initialFocusRef]);

  const onHeaderPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!draggable || event.button !== 0) return;
    if ((event.target as HTMLElement).closest('button, a, input, select, textarea')) return;
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      baseX: offset.x,
      baseY: offset.y,
    };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onHeaderPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    // Keep the header reachable: never drag the panel further than the viewport allows.
    const maxX = window.innerWidth / 2;
    const maxY = window.innerHeight / 2;
    const clamp = (v: number, m: number) => Math.max(-m, Math.min(m, v));
    setOffset({
      x: clamp(d.baseX + event.clientX - d.startX, maxX),
      y: clamp(d.baseY + event.clientY - d.startY, maxY),
    });
  };
  const onHeaderPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === event.pointerId) drag.current = null;
  };

  const style: CSSProperties = {
    width: toCss(width),
    minHeight: toCss(height),
    transform: offset.x || offset.y ? `translate(${offset.x}px, ${offset.y}px)` : undefined,
  };

  const hasHeader = title !== undefined || showClose;

  return (
    <div className={`ui-modal${className ? ` ${className}` : ''}`} data-testid={testId}>
      <div
        className="ui-modal__cover"
        data-testid={`${testId}-cover`}
        aria-hidden="true"
        onClick={closeOnCover ? () => onClose() : undefined}
      />
      <div
        ref={panelRef}
        className="ui-modal__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={title !== undefined ? titleId : undefined}
        aria-label={title === undefined ? ariaLabel : undefined}
        tabIndex={-1}
        style={style}
        data-testid={`${testId}-panel`}
      >
        {hasHeader && (
          // A <div>, not <header>: inside a dialog it would add a second banner landmark to the page.
          <div
            className={`ui-modal__header${draggable ? ' ui-modal__header--draggable' : ''}`}
            onPointerDown={onHeaderPointerDown}
            onPointerMove={onHeaderPointerMove}
            onPointerUp={onHeaderPointerUp}
            onPointerCancel={onHeaderPointerUp}
          >
            {title !== undefined && (
              <h2 id={titleId} className="ui-modal__title">
                {title}
              </h2>
            )}
            {showClose && (
              <button
                type="button"
                className="ui-modal__close"
                aria-label={t('close')}
                title={t('close')}
                onClick={() => onClose()}
                data-testid={`${testId}-close`}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                  <path
                    d="M6 6l12 12M18 6L6 18"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    fill="none"
                  />
                </svg>
              </button>
            )}
          </div>
        )}
        <div className={`ui-modal__body${bodyClassName ? ` ${bodyClassName}` : ''}`}>{children}</div>
        {footer !== undefined && <div className="ui-modal__footer">{footer}</div>}
      </div>
    </div>
  );
}
