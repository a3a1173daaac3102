import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_CONTRACT_KINDS, bpToPercent, type TAgentBill, type TAgentContractKind } from '@lotus/contracts/agent';
import { Button } from '@/components/ui/button/button';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Pager } from '@/components/ui/pager/pager';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAgentBills } from '../api/list-agent-bills';
import { formatTime } from '../lib/format';
import { formatCount, useMoney } from '../lib/use-money';
import { BillDisputeDialog, isDisputable } from './bill-dispute';
import { LoadError } from './load-error';

/** How a bill's amount was found, line by line, in the order it is computed. */
export function BillCalculation({ bill, id }: { bill: TAgentBill; id: string }) {
  const { t } = useTranslation('agent-centre', { keyPrefix: 'bills.calc' });
  const money = useMoney();
  const c = bill.calculation;
  const lines: [string, string, string][] = [
    ['stakes', t('stakes'), money(c.stakes)],
    ['wins', t('wins'), money(c.wins)],
    ['base', bill.kind === 'dividend' ? t('base_net_loss') : t('base_turnover'), money(c.base)],
    ['activeMembers', t('active_members'), formatCount(c.activeMembers)],
    ['tier', t('tier'), c.tier > 0 ? t('tier_n', { n: c.tier }) : t('tier_none')],
    ['rate', t('rate'), t('rate_value', { rate: bpToPercent(c.rateBp) })],
    ['carriedIn', t('carried_in'), money(c.carriedIn)],
    ['amount', t('amount'), money(c.amount)],
    ['carriedOut', t('carried_out'), money(c.carriedOut)],
  ];
  return (
    <dl id={id} className="ac-calc" data-testid={`ac-bill-${bill.id}-calc`}>
      {lines.map(([key, label, value]) => (
        <div key={key} className="ac-calc__line" data-testid={`ac-calc-${key}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Who disputed a bill, as the viewer reads it: the bill's agent on the `received` side, its payer on the `paid` side. */
function disputedByKey(by: 'agent' | 'payer', side: 'received' | 'paid') {
  const viewer = side === 'received' ? 'agent' : 'payer';
  return by === viewer ? ('by_you' as const) : (`by_${by}` as const);
}

/** What happened to a bill after it was written: a revised settlement, its reversal, a dispute and the operator's decision. */
function BillNotes({ bill, side, noteRef }: { bill: TAgentBill; side: 'received' | 'paid'; noteRef: RefObject<HTMLDivElement | null> }) {
  const { t, i18n } = useTranslation('agent-centre', { keyPrefix: 'bills' });
  const language = i18n.resolvedLanguage ?? 'th';
  const { dispute } = bill;
  return (
    <>
      {bill.revision > 0 ? (
        <p className="ac-bill__revision" data-testid={`ac-bill-${bill.id}-revision`}>
          <span className="ac-tag">{t('revision', { n: bill.revision })}</span>
        </p>
      ) : null}
      {bill.status === 'reversed' ? (
        <p className="ac-bill__note" data-testid={`ac-bill-${bill.id}-reversed`}>
          {t('reversed_note')}
        </p>
      ) : null}
      {dispute ? (
        // Focused once this card's dispute was sent (tabIndex -1: reachable by script only).
        <div ref={noteRef} tabIndex={-1} className="ac-bill__note" data-testid={`ac-bill-${bill.id}-dispute-note`}>
          <p className="ac-bill__note-title">
            {t(`dispute.${disputedByKey(dispute.by, side)}`)} ·{' '}
            <time dateTime={dispute.at}>{t('dispute.at', { time: formatTime(dispute.at, language) })}</time>
          </p>
          <p className="ac-bill__note-text">
            <span className="ac-bill__note-label">{t('dispute.reason_label')}</span>{' '}
            <span data-testid={`ac-bill-${bill.id}-dispute-reason`}>{dispute.reason}</span>
          </p>
        </div>
      ) : null}
      {bill.resolution ? (
        <p className="ac-bill__note ac-bill__note-text" data-testid={`ac-bill-${bill.id}-resolution`}>
          <span className="ac-bill__note-label">{t('resolution_label')}</span> {bill.resolution}
        </p>
      ) : null}
    </>
  );
}

function BillCard({ bill, side }: { bill: TAgentBill; side: 'received' | 'paid' }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const [disputing, setDisputing] = useState(false);
  /** This card's dispute was sent: the result is announced and the focus moves to the dispute's note. */
  const [sent, setSent] = useState(false);
  const noteRef = useRef<HTMLDivElement>(null);
  const focusNote = useRef(false);
  const ids = useId();
  const calcId = `${ids}-calc`;
  const whatId = `${ids}-what`;
  useEffect(() => {
    // Once the refreshed list shows the dispute (the dialog closes first and gives the focus back to the Dispute
    // button, which then goes): the focus is never left on the page's body.
    if (!focusNote.current || !noteRef.current) return;
    focusNote.current = false;
    noteRef.current.focus();
  }, [sent, bill.dispute]);
  const reversed = bill.status === 'reversed';
  return (
    <article
      className={`ac-card ac-bill${reversed ? ' ac-bill--reversed' : ''}`}
      data-testid={`ac-bill-${bill.id}`}
      data-kind={bill.kind}
      data-status={bill.status}
    >
      <div className="ac-bill__head">
        <div id={whatId} className="ac-bill__what">
          <p className="ac-bill__kind">{t(`kinds.${bill.kind}`)}</p>
          <p className="ac-bill__period">{t('bills.period', { from: formatTime(bill.periodStart, language), to: formatTime(bill.periodEnd, language) })}</p>
        </div>
        <div className="ac-bill__sum">
          <p className="ac-bill__amount" data-testid={`ac-bill-${bill.id}-amount`}>
            {money(bill.amount)}
          </p>
          <span className={`ac-status ac-status--${bill.status}`} data-testid={`ac-bill-${bill.id}-status`}>
            {t(`bill_status.${bill.status}`)}
          </span>
        </div>
      </div>
      <p className="ac-bill__party">
        {side === 'received'
          ? bill.payer
            ? t('bills.payer', { name: bill.payer })
            : t('bills.payer_platform')
          : t('bills.paid_to', { name: bill.agent })}
        {bill.paidAt ? <> · {t('bills.paid_at', { time: formatTime(bill.paidAt, language) })}</> : null}
        {bill.transactionId ? <> · {t('bills.reference', { id: bill.transactionId })}</> : null}
      </p>
      <BillNotes bill={bill} side={side} noteRef={noteRef} />
      <div className="ac-bill__actions">
        <button
          type="button"
          className="ac-link-button"
          aria-expanded={open}
          aria-controls={open ? calcId : undefined}
          onClick={() => setOpen((o) => !o)}
          data-testid={`ac-bill-${bill.id}-toggle`}
        >
          {open ? t('bills.hide_calc') : t('bills.show_calc')}
        </button>
        {isDisputable(bill) ? (
          <Button
            variant="secondary"
            aria-haspopup="dialog"
            aria-describedby={whatId}
            onClick={() => {
              setSent(false);
              setDisputing(true);
            }}
            data-testid={`ac-bill-${bill.id}-dispute`}
          >
            {t('bills.dispute.open')}
          </Button>
        ) : null}
      </div>
      {open ? <BillCalculation bill={bill} id={calcId} /> : null}
      <div role="status" aria-live="polite">
        {sent ? (
          <p className="ac-form__done" data-testid={`ac-bill-${bill.id}-dispute-done`}>
            {t('bills.dispute.done')}
          </p>
        ) : null}
      </div>
      {/* Kept by the card, not the button: the bill turns disputed (the button goes) before the dialog closes. */}
      <BillDisputeDialog
        bill={bill}
        open={disputing}
        onClose={() => setDisputing(false)}
        onDone={() => {
          focusNote.current = true;
          setDisputing(false);
          setSent(true);
        }}
      />
    </article>
  );
}

/**
 * The bills of one side (`received`: my income; `paid`: what I paid my downline agents), 20 a page, each opening
 * to its calculation. `kind` fixed (a contract entry's page) or chosen in the list's own filter.
 */
export function BillList({ side, kind: fixedKind }: { side: 'received' | 'paid'; kind?: TAgentContractKind }) {
  const { t } = useTranslation('agent-centre');
  const ids = useId();
  const [chosenKind, setChosenKind] = useState<TAgentContractKind | ''>('');
  const [pageNo, setPageNo] = useState(1);
  const kind = fixedKind ?? chosenKind;
  const bills = useAgentBills({ side, kind, pageNo });
  const data = bills.data;
  return (
    <div className="ac-bills" data-testid={`ac-bills-${side}`}>
      {fixedKind ? null : (
        <div className="ac-field ac-field--inline">
          <label htmlFor={`${ids}-kind`}>{t('bills.kind_filter')}</label>
          <select
            id={`${ids}-kind`}
            className="ac-input"
            value={chosenKind}
            onChange={(e) => {
              setChosenKind(e.target.value as TAgentContractKind | '');
              setPageNo(1);
            }}
            data-testid={`ac-bills-${side}-kind`}
          >
            <option value="">{t('bills.all_kinds')}</option>
            {AGENT_CONTRACT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {bills.isError && !data ? (
        <LoadError error={bills.error} onRetry={() => void bills.refetch()} testId={`ac-bills-${side}-error`} />
      ) : !data ? (
        <div aria-busy="true" data-testid={`ac-bills-${side}-loading`}>
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton height={132} count={3} className="ac-skeleton-gap" />
        </div>
      ) : data.list.length === 0 ? (
        <EmptyState message={side === 'received' ? t('bills.empty_received') : t('bills.empty_paid')} />
      ) : (
        <>
          <p className="ac-summary" aria-live="polite">
            {t('bills.count', { count: data.total })}
          </p>
          <ul className="ac-list" role="list" aria-busy={bills.isFetching || undefined}>
            {data.list.map((bill) => (
              <li key={bill.id}>
                <BillCard bill={bill} side={side} />
              </li>
            ))}
          </ul>
          {data.totalPages > 1 ? (
            <div className="ac-paging">
              <span className="ac-paging__text">{t('common.page_of', { page: pageNo, pages: data.totalPages })}</span>
              <Pager page={pageNo} totalPages={data.totalPages} onChange={setPageNo} />
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
