import type { TOpsTransfer, TOpsTransferVendor } from '@lotus/contracts/vendor';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { EmptyState, ErrorState, LoadingState, Notice } from '@/components/states';
import { memberHref } from '@/config/paths';
import { errorCodeOf } from '@/lib/api';
import { formatAmount, formatTime } from '@/lib/format';
import { checkTransfer, transfersQueryOptions } from './api';

const column = createColumnHelper<TOpsTransfer>();

/** "Check now": asks the vendor at once; the vendor's answer settles the transfer, never the operator. */
function CheckNow({ transfer, onDone }: { transfer: TOpsTransfer; onDone: (text: string, tone: 'ok' | 'error') => Promise<void> }) {
  const { t } = useTranslation('vendors');
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={t('transfers.checkLabel', { member: transfer.username ?? `#${transfer.memberId}`, amount: formatAmount(transfer.amount) })}
      onClick={async () => {
        setBusy(true);
        try {
          const after = await checkTransfer(transfer.ref);
          await onDone(
            after.status === 'pending' ? t('transfers.stillPending', { error: after.lastError ?? '—' }) : t('transfers.settled', { status: t(`transferStatuses.${after.status}`) }),
            after.status === 'pending' ? 'error' : 'ok',
          );
        } catch (error) {
          await onDone(t(`errors:${errorCodeOf(error)}`), 'error');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? t('transfers.checking') : t('transfers.check')}
    </button>
  );
}

function VendorWallets({ vendor, canWrite, onDone }: { vendor: TOpsTransferVendor; canWrite: boolean; onDone: (text: string, tone: 'ok' | 'error') => Promise<void> }) {
  const { t } = useTranslation('vendors');
  const columns = useMemo(
    () => [
      column.accessor('createdAt', { header: t('transfers.createdAt'), cell: (c) => formatTime(c.getValue()) }),
      column.accessor('username', {
        header: t('transfers.member'),
        cell: (c) => <Link to={memberHref(c.row.original.memberId)}>{c.getValue() ?? `#${c.row.original.memberId}`}</Link>,
      }),
      column.accessor('direction', { header: t('transfers.direction'), cell: (c) => t(`directions.${c.getValue()}`) }),
      column.accessor('amount', { header: t('transfers.amount'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      column.accessor('attempts', { header: t('transfers.attempts') }),
      column.accessor('lastError', { header: t('transfers.lastError'), cell: (c) => <span className="wrap-text">{c.getValue() ?? '—'}</span> }),
      ...(canWrite
        ? [column.display({ id: 'check', header: t('transfers.action'), cell: (c) => <CheckNow transfer={c.row.original} onDone={onDone} /> })]
        : []),
    ],
    [t, canWrite, onDone],
  );
  const title = `${vendor.name} (${vendor.vendor})`;
  return (
    <article className="vendor-wallets" aria-labelledby={`wallets-${vendor.vendor}`}>
      <h3 id={`wallets-${vendor.vendor}`}>
        {title}{' '}
        <span className={vendor.status === 'active' ? 'badge badge-active' : 'badge warn'}>{vendor.status ? t(`statuses.${vendor.status}`) : t('transfers.notTransferVendor')}</span>
      </h3>
      <dl className="figures">
        <div className="figure">
          <dt>{t('transfers.held')}</dt>
          <dd className="amount">{formatAmount(vendor.held)}</dd>
          <dd className="hint">{t('transfers.wallets', { count: vendor.wallets })}</dd>
        </div>
        <div className="figure">
          <dt>{t('transfers.pending')}</dt>
          <dd className="amount">{formatAmount(vendor.pendingAmount)}</dd>
          <dd className="hint">{t('transfers.pendingCount', { count: vendor.pendingCount })}</dd>
        </div>
        <div className="figure">
          <dt>{t('transfers.stuck')}</dt>
          <dd>{vendor.stuckCount}</dd>
        </div>
      </dl>
      {vendor.stuck.length === 0 ? (
        <EmptyState text={t('transfers.noStuck')} />
      ) : (
        <DataTable caption={t('transfers.stuckOf', { vendor: title })} columns={columns} rows={vendor.stuck} loading={false} error={null} rowKey={(r) => r.ref} />
      )}
    </article>
  );
}

/**
 * Transfer-mode vendor wallets (money.read): per vendor, the money the ledger holds in members' wallets there,
 * the pending transfers, and those stuck past the sweep's threshold, each with "Check now" for money.write.
 */
export function TransfersPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('vendors');
  const client = useQueryClient();
  const desk = useQuery(transfersQueryOptions());
  const [notice, setNotice] = useState<{ text: string; tone: 'ok' | 'error' } | null>(null);
  const onDone = useMemo(
    () => async (text: string, tone: 'ok' | 'error') => {
      setNotice({ text, tone });
      await client.invalidateQueries({ queryKey: ['vendors', 'transfers'] });
    },
    [client],
  );

  return (
    <section aria-labelledby="transfers-title" className="vendors-panel">
      <h2 id="transfers-title">{t('transfers.title')}</h2>
      <p className="hint">{t('transfers.intro', { minutes: desk.data ? Math.round(desk.data.stuckAfterSeconds / 60) : 2 })}</p>
      {notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}
      {desk.error ? (
        <ErrorState error={desk.error} onRetry={() => void desk.refetch()} />
      ) : !desk.data ? (
        <LoadingState />
      ) : desk.data.vendors.length === 0 ? (
        <EmptyState text={t('transfers.none')} />
      ) : (
        desk.data.vendors.map((v) => <VendorWallets key={v.vendor} vendor={v} canWrite={canWrite} onDone={onDone} />)
      )}
    </section>
  );
}
