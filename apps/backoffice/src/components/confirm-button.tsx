import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '@/lib/api';

/**
 * A button that asks first (native <dialog>: focus kept inside, Escape closes it), then runs the action; its
 * error is shown in the dialog. For changes with nothing to write down (no reason field on the call).
 */
export function ConfirmButton({
  label,
  title,
  description,
  onConfirm,
  danger = false,
  disabled = false,
}: {
  label: string;
  title: string;
  description?: string;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const id = useId();

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={() => setOpen(false)} className="dialog">
        {open ? (
          <div className="dialog-body">
            <h2 id={`${id}-title`}>{title}</h2>
            {description ? <p>{description}</p> : null}
            {failure ? (
              <p role="alert" className="field-error">
                {t(`errors:${errorCodeOf(failure)}`)}
              </p>
            ) : null}
            <div className="dialog-actions">
              <button type="button" onClick={() => setOpen(false)}>
                {t('actions.cancel')}
              </button>
              <button type="button" className={danger ? 'primary danger' : 'primary'} disabled={busy} onClick={() => void confirm()} autoFocus>
                {t('actions.confirm')}
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
