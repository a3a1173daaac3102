import { zodResolver } from '@hookform/resolvers/zod';
import { listDeposits } from '@lotus/contracts/cashier';
import {
  getMemberLedger,
  getMemberMoney,
  postMemberAdjustment,
  ZOpsAdjustmentInput,
  type TOpsAdjustmentInput,
  type TOpsLedgerEntry,
} from '@lotus/contracts/ops-member-money';
import { reverseLedgerTransaction } from '@lotus/contracts/wallet';
import { listWithdrawals } from '@lotus/contracts/withdrawal';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmAction } from '@/components/confirm-action';
import { DataTable } from '@/components/data-table';
import { ErrorState, LoadingState, Notice } from '@/components/states';
import { PAGES } from '@/config/paths';
import { errorCodeOf, opsApi } from '@/lib/api';
import { formatAmount, formatTime } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import { useRiskText } from '@/components/risk-flags';

const entryColumn = createColumnHelper<TOpsLedgerEntry>();
const RECENT = 10;
/**
 * Movements the page offers to reverse: adjustments only. Every other movement belongs to a flow with its
 * own state (a deposit, a withdrawal, a game round, a transfer) and is corrected through that flow (reject,
 * refund, the vendor's rollback); reversing its ledger entry alone would leave the two disagreeing
 * (docs/adr/0085). The API and the command line keep ledger:reverse for the rare break-glass case.
 */
const REVERSIBLE_HERE = new Set(['adjust']);

/** The adjustment form: credit or debit the main wallet, with the reason the member is shown. */
function AdjustmentForm({ memberId, onRequested }: { memberId: number; onRequested: (approvalId: number) => void }) {
  const { t } = useTranslation('memberMoney');
  const id = useId();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<TOpsAdjustmentInput>({
    resolver: zodResolver(ZOpsAdjustmentInput),
    defaultValues: { direction: 'credit', amount: '', reason: '' },
  });
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const answer = await opsApi.call(postMemberAdjustment, { params: { id: memberId }, body });
      if ('approvalId' in answer) onRequested(answer.approvalId);
      form.reset();
    } catch (error) {
      setFailure(error);
    }
  });
  return (
    <form className="filters" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="full">
        {t('adjust.title')}
      </h3>
      <p className="hint full">{t('adjust.intro')}</p>
      <fieldset className="inline">
        <legend className="sr-only">{t('adjust.direction')}</legend>
        <label>
          <input type="radio" value="credit" {...form.register('direction')} /> {t('adjust.credit')}
        </label>
        <label>
          <input type="radio" value="debit" {...form.register('direction')} /> {t('adjust.debit')}
        </label>
      </fieldset>
      <label htmlFor={`${id}-amount`}>{t('adjust.amount')}</label>
      <input id={`${id}-amount`} inputMode="decimal" autoComplete="off" aria-invalid={!!form.formState.errors.amount} {...form.register('amount')} />
      <label htmlFor={`${id}-reason`}>{t('adjust.reason')}</label>
      <input id={`${id}-reason`} maxLength={200} aria-invalid={!!form.formState.errors.reason} aria-describedby={`${id}-reason-hint`} {...form.register('reason')} />
      <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
        {t('adjust.submit')}
      </button>
      <p id={`${id}-reason-hint`} className="hint full">
        {t('adjust.reasonHint')}
      </p>
      {form.formState.errors.amount ? <p className="field-error full">{t('errors:adjustment_amount_invalid')}</p> : null}
      {form.formState.errors.reason ? <p className="field-error full">{t('adjust.reasonRule')}</p> : null}
      {failure ? (
        <p role="alert" className="field-error full">
          {t(`errors:${errorCodeOf(failure)}`)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * A member's money on the cashier desk (issue 24, docs/adr/0085): wallets and wagering outstanding, risk
 * flags, an adjustment request, the ledger of a wallet with its running balance (and a reversal request
 * per movement), the latest deposits and withdrawals. Adjustments and reversals wait for a second operator.
 */
export function MemberMoneyPanel({ memberId }: { memberId: number }) {
  const { t } = useTranslation('memberMoney');
  const me = useMe();
  const client = useQueryClient();
  const mayMove = can(me.data, 'money.write');
  const [wallet, setWallet] = useState('main');
  const [notice, setNotice] = useState<string | null>(null);
  const riskText = useRiskText();

  const money = useQuery({ queryKey: ['member-money', memberId], queryFn: () => opsApi.call(getMemberMoney, { params: { id: memberId } }) });
  const ledger = useInfiniteQuery({
    queryKey: ['member-ledger', memberId, wallet],
    queryFn: ({ pageParam }) => opsApi.call(getMemberLedger, { params: { id: memberId }, query: { wallet, limit: 25, ...(pageParam ? { beforeId: pageParam } : {}) } }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });
  const deposits = useQuery({ queryKey: ['member-deposits', memberId], queryFn: () => opsApi.call(listDeposits, { query: { memberId, limit: RECENT } }) });
  const withdrawals = useQuery({ queryKey: ['member-withdrawals', memberId], queryFn: () => opsApi.call(listWithdrawals, { query: { memberId, limit: RECENT } }) });
  const entries = useMemo(() => ledger.data?.pages.flatMap((p) => p.entries), [ledger.data]);

  const requested = (approvalId: number) => {
    setNotice(t('requested', { id: approvalId }));
    void client.invalidateQueries({ queryKey: ['approvals'] });
  };

  const columns = useMemo(
    () => [
      entryColumn.accessor('time', { header: t('ledger.time'), cell: (c) => formatTime(c.getValue()) }),
      entryColumn.accessor('kind', { header: t('ledger.kind'), cell: (c) => t(`kinds.${c.getValue()}`, { defaultValue: c.getValue() }) }),
      entryColumn.accessor('amount', { header: t('ledger.amount'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      entryColumn.accessor('balance', { header: t('ledger.balance'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      entryColumn.accessor('memo', {
        header: t('ledger.detail'),
        cell: (c) => {
          const e = c.row.original;
          return (
            <>
              {e.memo ? <span className="block">{e.memo}</span> : null}
              <span className="hint block">{e.actor}</span>
              {e.reason ? <span className="hint block">{e.reason}</span> : null}
              {e.reverses ? <span className="hint block">{t('ledger.reverses', { id: e.reverses })}</span> : null}
              {e.reversedBy ? <span className="badge warn">{t('ledger.reversedBy', { id: e.reversedBy })}</span> : null}
            </>
          );
        },
      }),
      entryColumn.accessor('transactionId', { header: t('ledger.transaction'), cell: (c) => `#${c.getValue()}` }),
      entryColumn.display({
        id: 'reverse',
        header: t('ledger.action'),
        cell: (c) => {
          const e = c.row.original;
          if (!mayMove || !REVERSIBLE_HERE.has(e.kind) || e.reversedBy) return null;
          return (
            <ConfirmAction
              danger
              label={t('ledger.reverse')}
              title={t('ledger.reverseTitle', { id: e.transactionId, amount: formatAmount(e.amount) })}
              description={t('ledger.reverseText')}
              onConfirm={async (reason) => {
                const answer = await opsApi.call(reverseLedgerTransaction, { params: { id: e.transactionId }, body: { reason } });
                if ('approvalId' in answer) requested(answer.approvalId);
              }}
            />
          );
        },
      }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `requested` only sets state and invalidates
    [t, mayMove],
  );

  if (money.isPending) return <LoadingState />;
  if (money.error) return <ErrorState error={money.error} onRetry={() => void money.refetch()} />;
  const m = money.data;

  return (
    <section aria-labelledby="member-money-title" className="member-money">
      <h2 id="member-money-title">{t('title')}</h2>
      <dl className="facts">
        <dt>{t('realName')}</dt>
        <dd>{m.realName ?? '—'}</dd>
        {m.wallets.map((w) => (
          <FactRow key={w.wallet} label={w.wallet === 'main' ? t('mainWallet') : t('vendorWallet', { vendor: w.wallet.slice(2) })} value={formatAmount(w.balance)} />
        ))}
        <dt>{t('total')}</dt>
        <dd className="amount">{formatAmount(m.total)}</dd>
        <dt>{t('wagering')}</dt>
        <dd className="amount">{formatAmount(m.wageringOutstanding)}</dd>
      </dl>

      <h3>{t('risk.title')}</h3>
      {m.flags.length === 0 ? (
        <p className="hint">{t('risk.none')}</p>
      ) : (
        <ul className="risk-list">
          {m.flags.map((f) => (
            <li key={f.code}>
              <span className="badge warn">{t(`risk.${f.code}.short`)}</span> {riskText(f)}
            </li>
          ))}
        </ul>
      )}

      {notice ? (
        <Notice>
          {notice} <Link to={PAGES.approvals.path}>{t('toApprovals')}</Link>
        </Notice>
      ) : null}
      {mayMove ? <AdjustmentForm memberId={memberId} onRequested={requested} /> : null}

      <h3 id="member-ledger-title">{t('ledger.title')}</h3>
      <form role="search" className="filters" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="ledger-wallet">{t('ledger.wallet')}</label>
        <select id="ledger-wallet" value={wallet} onChange={(e) => setWallet(e.target.value)}>
          {m.wallets.map((w) => (
            <option key={w.wallet} value={w.wallet}>
              {w.wallet === 'main' ? t('mainWallet') : t('vendorWallet', { vendor: w.wallet.slice(2) })}
            </option>
          ))}
        </select>
      </form>
      <DataTable
        caption={t('ledger.title')}
        columns={columns}
        rows={entries}
        loading={ledger.isPending}
        error={ledger.error}
        onRetry={() => void ledger.refetch()}
        rowKey={(e) => String(e.entryId)}
      />
      {ledger.hasNextPage ? (
        <button type="button" onClick={() => void ledger.fetchNextPage()} disabled={ledger.isFetchingNextPage}>
          {t('ledger.older')}
        </button>
      ) : null}

      <h3>{t('recentDeposits')}</h3>
      <RecentList
        loading={deposits.isPending}
        error={deposits.error}
        rows={deposits.data?.map((d) => ({ key: d.id, time: d.createdAt, amount: d.amount, status: t(`cashier:statuses.${d.status}`, { defaultValue: d.status }), detail: d.channel }))}
      />
      <h3>{t('recentWithdrawals')}</h3>
      <RecentList
        loading={withdrawals.isPending}
        error={withdrawals.error}
        rows={withdrawals.data?.map((w) => ({ key: String(w.id), time: w.createdAt, amount: w.amount, status: t(`cashier:w.statuses.${w.status}`, { defaultValue: w.status }), detail: `${w.bankCode} ${w.accountNumber}` }))}
      />
    </section>
  );
}

function FactRow({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="amount">{value}</dd>
    </>
  );
}

type RecentRow = { key: string; time: string; amount: string; status: string; detail: string };
const recentColumn = createColumnHelper<RecentRow>();

/** The latest deposits or withdrawals: time, amount, status, channel or account. */
function RecentList({ rows, loading, error }: { rows: RecentRow[] | undefined; loading: boolean; error: unknown }) {
  const { t } = useTranslation('memberMoney');
  const columns = useMemo(
    () => [
      recentColumn.accessor('time', { header: t('ledger.time'), cell: (c) => formatTime(c.getValue()) }),
      recentColumn.accessor('amount', { header: t('ledger.amount'), cell: (c) => <span className="amount">{formatAmount(c.getValue())}</span> }),
      recentColumn.accessor('status', { header: t('status') }),
      recentColumn.accessor('detail', { header: t('ledger.detail') }),
    ],
    [t],
  );
  return <DataTable caption={t('recent')} columns={columns} rows={rows} loading={loading} error={error} rowKey={(r) => r.key} />;
}
