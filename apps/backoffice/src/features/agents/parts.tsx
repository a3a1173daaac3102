import { bpToPercent, type TAgentBill, type TAgentTier } from '@lotus/contracts/agent';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorCodeOf } from '@/lib/api';
import { formatTime } from '@/lib/format';
import { readAmount } from './rates';

/** A button that opens a native <dialog> (focus kept inside, Escape closes it) holding a form. */
export function FormDialog({
  label,
  name,
  title,
  wide = false,
  children,
}: {
  label: string;
  /** The button's accessible name when a row's button needs saying which row (it starts with the visible label). */
  name?: string;
  title: string;
  wide?: boolean;
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
      <button type="button" aria-label={name} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        onClose={() => setOpen(false)}
        className={wide ? 'dialog agents-dialog wide' : 'dialog agents-dialog'}
      >
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

/** A refusal of the server: its catalogue key translated, and each field it names. */
export function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation('agents');
  if (!error) return null;
  const fields = error instanceof ApiError ? error.details.fields : undefined;
  const code = errorCodeOf(error);
  // A field that only repeats the refusal says nothing more.
  const more = Object.entries(fields ?? {}).filter(([, text]) => text !== code);
  return (
    <div role="alert" className="field-error">
      <p className="field-error">{t(`errors:${code}`)}</p>
      {more.length > 0 ? (
        <ul className="issues">
          {more.map(([field, text]) => (
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
export function DialogActions({ close, submitting, label }: { close: () => void; submitting: boolean; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="dialog-actions">
      <button type="button" onClick={close}>
        {t('actions.cancel')}
      </button>
      <button type="submit" className="primary" disabled={submitting}>
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

/** A rate in basis points as operators read it ("0.40 %"). */
export function Rate({ bp }: { bp: number }) {
  const { t } = useTranslation('agents');
  return <span className="amount">{t('rate', { rate: bpToPercent(bp) })}</span>;
}

/** A contract's tiers, one line each: "≥ 250.00 · 2 active → 0.40 %". */
export function TierList({ tiers }: { tiers: readonly TAgentTier[] }) {
  const { t } = useTranslation('agents');
  if (tiers.length === 0) return <span className="hint">—</span>;
  return (
    <ol className="tiers">
      {tiers.map((tier, i) => (
        <li key={i}>{t('tierLine', { base: readAmount(tier.minBase), active: tier.minActive, rate: bpToPercent(tier.rateBp) })}</li>
      ))}
    </ol>
  );
}

/** A period: its start and, below, its end (Bangkok time). */
export function Period({ start, end }: { start: string; end: string }) {
  return (
    <>
      <span className="block nowrap">{formatTime(start)}</span>
      <span className="hint block nowrap">– {formatTime(end)}</span>
    </>
  );
}

/**
 * A bill's dispute (docs/adr/0101): who raised it (the agent paid by the bill or the agent who pays it), when and
 * why; then how an operator closed it, or why its period was settled again. A dash when there is neither.
 */
export function Dispute({ bill }: { bill: Pick<TAgentBill, 'agent' | 'payer' | 'dispute' | 'resolution'> }) {
  const { t } = useTranslation('agents');
  const { dispute, resolution } = bill;
  if (!dispute && !resolution) return <span className="hint">—</span>;
  return (
    <div className="agents-dispute">
      {dispute ? (
        <>
          <span className="block">
            {t(`dispute.by.${dispute.by}`, { name: dispute.by === 'agent' ? bill.agent : (bill.payer ?? t('platform')) })}
          </span>
          <span className="hint block nowrap">{formatTime(dispute.at)}</span>
          <q className="agents-note">{dispute.reason}</q>
        </>
      ) : null}
      {resolution ? (
        <span className="block agents-note">
          <strong>{t('dispute.resolution')}</strong> {resolution}
        </span>
      ) : null}
    </div>
  );
}
