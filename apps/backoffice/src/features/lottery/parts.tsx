import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCodeOf } from '@/lib/api';

/** A button that opens a native <dialog> (focus kept inside, Escape closes it) holding a form. */
export function FormDialog({
  label,
  name,
  title,
  danger = false,
  wide = false,
  disabled = false,
  children,
}: {
  label: string;
  /** The button's accessible name when the row needs saying (starts with the visible label). */
  name?: string;
  title: string;
  danger?: boolean;
  wide?: boolean;
  disabled?: boolean;
  children: (close: () => void) => ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const id = useId();
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal?.();
    if (!open && d.open) d.close?.();
  }, [open]);
  return (
    <>
      <button type="button" className={danger ? 'danger' : undefined} aria-label={name} disabled={disabled} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${id}-title`} onClose={() => setOpen(false)} className={wide ? 'dialog lottery-dialog wide' : 'dialog lottery-dialog'}>
        {open ? (
          <>
            <h2 id={`${id}-title`}>{title}</h2>
            {children(() => setOpen(false))}
          </>
        ) : null}
      </dialog>
    </>
  );
}

/** A refusal of the server: its catalogue key translated, and each field it names (a result's prizes: the lottery's words). */
export function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation('lottery');
  if (!error) return null;
  const fields = error instanceof ApiError ? error.details.fields : undefined;
  return (
    <div role="alert" className="field-error">
      <p className="field-error">{t(`errors:${errorCodeOf(error)}`)}</p>
      {fields ? (
        <ul className="issues">
          {Object.entries(fields).map(([field, text]) => (
            <li key={field}>
              <code>{field}</code>: {t(`errors:${text}`, { defaultValue: text })}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Cancel and the form's submit. */
export function DialogActions({ close, submitting, label, danger = false }: { close: () => void; submitting: boolean; label: string; danger?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" onClick={close}>
        {t('actions.cancel')}
      </button>
      <button type="submit" className={danger ? 'primary danger' : 'primary'} disabled={submitting}>
        {label}
      </button>
    </div>
  );
}

/** Grey rows where a table will be, while its first answer is on its way. */
export function TableSkeleton({ rows = 5, columns = 5, label }: { rows?: number; columns?: number; label: string }) {
  return (
    <div className="table-wrap skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{label}</span>
      <table aria-hidden="true">
        <tbody>
          {Array.from({ length: rows }, (_, r) => (
            <tr key={r}>
              {Array.from({ length: columns }, (_, c) => (
                <td key={c}>
                  <span className="skeleton-bar" style={{ width: `${50 + ((r * 7 + c * 13) % 45)}%` }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
