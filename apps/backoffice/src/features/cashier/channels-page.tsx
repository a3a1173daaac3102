import { listPaymentChannels, updatePaymentChannel, type TOpsPaymentChannel } from '@lotus/contracts/cashier';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { Notice } from '@/components/states';
import { PAGES } from '@/config/paths';
import { errorCodeOf, opsApi } from '@/lib/api';
import { formatAmount } from '@/lib/format';
import { can, useMe } from '@/lib/session';
import { AccountForm, AddChannelForm, FormDialog, LimitsForm, type TChannelOutcome } from './channel-forms';
import './channels.css';

const column = createColumnHelper<TOpsPaymentChannel>();

/** A receiving account as operators see it in a list: every digit but the last four hidden. */
export function maskAccount(number: string | null): string {
  if (!number) return '—';
  const digits = number.replace(/\D/g, '').length;
  let seen = 0;
  return number.replace(/\d/g, (d) => (++seen > digits - 4 ? d : '•'));
}

type TNotice = { tone: 'ok' | 'error'; text: string; approvals?: boolean };

/**
 * The cashier desk's payment channels (issue 24, docs/adr/0084): every channel with its kind, where the
 * money goes (bank and masked account, or the PSP adapter), limits, opening hours in Bangkok time,
 * status and sort. With money.write: enable or disable, edit limits, hours, names and sort (applied at
 * once); a new receiving account or adapter, and a new channel, ask for a reason and wait for a
 * second operator's approval (docs/adr/0081).
 */
export function ChannelsPage() {
  const { t } = useTranslation('cashier');
  const me = useMe();
  const client = useQueryClient();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const list = useQuery({ queryKey: ['payment-channels'], queryFn: () => opsApi.call(listPaymentChannels) });
  const mayWrite = can(me.data, 'money.write');

  const onDone = useCallback(
    async (outcome: TChannelOutcome) => {
      setNotice(
        outcome.kind === 'requested'
          ? { tone: 'ok', text: t('channels.requested', { id: outcome.approvalId }), approvals: true }
          : { tone: 'ok', text: t('channels.saved', { code: outcome.code }) },
      );
      await client.invalidateQueries({ queryKey: ['payment-channels'] });
    },
    [client, t],
  );

  const toggle = useCallback(
    async (c: TOpsPaymentChannel) => {
      const status = c.status === 'active' ? 'disabled' : 'active';
      try {
        const answer = await opsApi.call(updatePaymentChannel, { params: { code: c.code }, query: {}, body: { status } });
        await onDone('approvalId' in answer ? { kind: 'requested', approvalId: answer.approvalId } : { kind: 'saved', code: answer.code });
      } catch (error) {
        setNotice({ tone: 'error', text: t(`errors:${errorCodeOf(error)}`) });
      }
    },
    [onDone, t],
  );

  const columns = useMemo(
    () => [
      column.accessor('nameEn', {
        header: t('channels.name'),
        enableSorting: true,
        cell: (c) => (
          <>
            <span lang="th" className="block">
              {c.row.original.nameTh}
            </span>
            <span lang="en" className="block">
              {c.getValue()}
            </span>
            <span className="hint block">{c.row.original.code}</span>
          </>
        ),
      }),
      column.accessor('kind', { header: t('channels.fields.kind'), enableSorting: true, cell: (c) => t(`channels.kinds.${c.getValue()}`) }),
      column.display({
        id: 'destination',
        header: t('channels.destination'),
        cell: (c) => {
          const ch = c.row.original;
          if (ch.kind === 'psp') return <span>{t('channels.adapterIs', { adapter: ch.adapter ?? '—' })}</span>;
          return (
            <>
              <span className="nowrap">
                {ch.bankCode} {maskAccount(ch.accountNumber)}
              </span>
              <span className="hint block">{ch.accountName}</span>
            </>
          );
        },
      }),
      column.display({
        id: 'limits',
        header: t('channels.limits'),
        cell: (c) => (
          <>
            <span className="amount">
              {formatAmount(c.row.original.min)} – {formatAmount(c.row.original.max)}
            </span>
            <span className="hint block">{t('channels.perDay', { amount: formatAmount(c.row.original.dailyLimit) })}</span>
          </>
        ),
      }),
      column.accessor('hours', {
        header: t('channels.hours'),
        cell: (c) => {
          const h = c.getValue();
          if (!h) return t('channels.alwaysOpen');
          return (
            <>
              <span className="nowrap">
                {h.opens}–{h.closes}
              </span>
              {h.opens > h.closes ? <span className="hint block">{t('channels.overnight')}</span> : null}
            </>
          );
        },
      }),
      column.accessor('status', {
        header: t('channels.fields.status'),
        enableSorting: true,
        cell: (c) => <span className={`badge badge-${c.getValue()}`}>{t(`channels.statuses.${c.getValue()}`)}</span>,
      }),
      column.accessor('sort', { header: t('channels.fields.sort'), enableSorting: true }),
      ...(mayWrite
        ? [
            column.display({
              id: 'actions',
              header: t('channels.actions'),
              cell: (c) => {
                const ch = c.row.original;
                const name = ch.nameEn;
                return (
                  <div className="actions">
                    <FormDialog label={t('channels.edit')} name={`${t('channels.edit')} ${name}`} title={t('channels.editTitle', { name })}>
                      {(close) => <LimitsForm channel={ch} close={close} onDone={(o) => void onDone(o)} />}
                    </FormDialog>
                    <button
                      type="button"
                      className={ch.status === 'active' ? 'danger' : undefined}
                      aria-label={`${ch.status === 'active' ? t('channels.disable') : t('channels.enable')} ${name}`}
                      onClick={() => void toggle(ch)}
                    >
                      {ch.status === 'active' ? t('channels.disable') : t('channels.enable')}
                    </button>
                    <FormDialog
                      label={ch.kind === 'psp' ? t('channels.changeAdapter') : t('channels.changeAccount')}
                      name={`${ch.kind === 'psp' ? t('channels.changeAdapter') : t('channels.changeAccount')} ${name}`}
                      title={t(ch.kind === 'psp' ? 'channels.adapterTitle' : 'channels.accountTitle', { name })}
                    >
                      {(close) => <AccountForm channel={ch} close={close} onDone={(o) => void onDone(o)} />}
                    </FormDialog>
                  </div>
                );
              },
            }),
          ]
        : []),
    ],
    [t, mayWrite, onDone, toggle],
  );

  return (
    <section aria-labelledby="channels-title" className="channels-page">
      <h1 id="channels-title">{t('channels.title')}</h1>
      <p>{t('channels.intro')}</p>
      {mayWrite ? (
        <div className="actions">
          <FormDialog primary label={t('channels.add')} title={t('channels.addTitle')}>
            {(close) => <AddChannelForm close={close} onDone={(o) => void onDone(o)} />}
          </FormDialog>
        </div>
      ) : null}
      {notice ? (
        <Notice tone={notice.tone}>
          {notice.text}
          {notice.approvals ? (
            <>
              {' '}
              <Link to={PAGES.approvals.path}>{t('channels.toApprovals')}</Link>
            </>
          ) : null}
        </Notice>
      ) : null}
      <DataTable
        caption={t('channels.title')}
        columns={columns}
        rows={list.data}
        loading={list.isFetching && !list.data}
        error={list.error}
        onRetry={() => void list.refetch()}
        rowKey={(c) => c.code}
        clientSort
      />
    </section>
  );
}
