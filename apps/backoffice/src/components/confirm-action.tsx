import { zodResolver } from '@hookform/resolvers/zod';
import { ZOpsReason } from '@lotus/contracts/ops-console';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorCodeOf } from '@/lib/api';

const ZWithReason = z.object({ reason: ZOpsReason });
const ZOptionalNote = z.object({ reason: z.string().trim().max(500) });

/**
 * A button that opens a confirmation dialog (native <dialog>: focus is trapped and Escape closes
 * it) asking for the reason the audit log records, then runs the action. The reason is required
 * unless `reasonOptional`.
 */
export function ConfirmAction({
  label,
  title,
  description,
  confirmLabel,
  onConfirm,
  danger = false,
  reasonOptional = false,
  disabled = false,
}: {
  label: string;
  title: string;
  description?: string;
  confirmLabel?: string;
  onConfirm: (reason: string) => Promise<unknown>;
  danger?: boolean;
  reasonOptional?: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const id = useId();
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonOptional ? ZOptionalNote : ZWithReason),
    defaultValues: { reason: '' },
  });

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await onConfirm(reason.trim());
      setOpen(false);
      form.reset();
    } catch (error) {
      setFailure(error);
    }
  });

  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={() => setOpen(false)} className="dialog">
        {open ? (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <h2 id={`${id}-title`}>{title}</h2>
            {description ? <p>{description}</p> : null}
            <label htmlFor={`${id}-reason`}>{reasonOptional ? t('confirm.note') : t('confirm.reason')}</label>
            <textarea
              id={`${id}-reason`}
              rows={3}
              autoFocus
              aria-invalid={!!form.formState.errors.reason}
              aria-describedby={form.formState.errors.reason ? `${id}-reason-error` : undefined}
              {...form.register('reason')}
            />
            {form.formState.errors.reason ? (
              <p id={`${id}-reason-error`} className="field-error">
                {t('confirm.reasonRequired')}
              </p>
            ) : null}
            {failure ? (
              <p role="alert" className="field-error">
                {t(`errors:${errorCodeOf(failure)}`)}
              </p>
            ) : null}
            <div className="dialog-actions">
              <button type="button" onClick={() => setOpen(false)}>
                {t('actions.cancel')}
              </button>
              <button type="submit" className={danger ? 'danger' : 'primary'} disabled={form.formState.isSubmitting}>
                {confirmLabel ?? t('actions.confirm')}
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </>
  );
}
