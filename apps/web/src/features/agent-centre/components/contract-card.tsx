import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { bpToPercent, type TAgentContract, type TAgentTier } from '@lotus/contracts/agent';
import { formatTime } from '../lib/format';
import { formatCount, useMoney } from '../lib/use-money';

/** A contract's tiers as sentences: from what team figures on, which rate (turnover, or net loss for a dividend). */
export function TiersList({ tiers, dividend, testId }: { tiers: readonly TAgentTier[]; dividend: boolean; testId?: string }) {
  const { t } = useTranslation('agent-centre');
  const money = useMoney();
  return (
    <ol className="ac-tiers" data-testid={testId}>
      {tiers.map((tier, i) => (
        <li key={i} className="ac-tiers__row" data-testid={testId ? `${testId}-row` : undefined}>
          <span className="ac-tiers__level">{t('terms.tier', { n: i + 1 })}</span>
          <span className="ac-tiers__text">
            {t(dividend ? 'terms.tier_net_loss' : 'terms.tier_turnover', { base: money(tier.minBase), active: formatCount(tier.minActive) })}
          </span>
          <span className="ac-tiers__rate">{t('terms.rate', { rate: bpToPercent(tier.rateBp) })}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * One contract (Contracts, 2.OTH.02): kind and cycle, who pays (received) or who receives (given), status, the
 * tiers, the minimum payout and its dates; `actions` under it (Accept / Refuse of an offer).
 */
export function ContractCard({ contract, side, actions }: { contract: TAgentContract; side: 'received' | 'given'; actions?: ReactNode }) {
  const { t, i18n } = useTranslation('agent-centre');
  const language = i18n.resolvedLanguage ?? 'th';
  const money = useMoney();
  const titleId = `ac-contract-${side}-${contract.id}`;
  return (
    <article className="ac-card ac-contract" aria-labelledby={titleId} data-testid={`ac-contract-${contract.id}`}>
      <header className="ac-contract__head">
        <h5 id={titleId} className="ac-contract__title">
          {t(`kinds.${contract.kind}`)}
          <span className="ac-contract__cycle"> · {t(`cycles.${contract.cycle}`)}</span>
        </h5>
        <span className={`ac-status ac-status--${contract.status}`} data-testid={`ac-contract-${contract.id}-status`}>
          {t(`contract_status.${contract.status}`)}
        </span>
      </header>
      <p className="ac-contract__party">
        {side === 'received'
          ? contract.upline
            ? t('contracts.paid_by', { name: contract.upline })
            : t('contracts.paid_by_platform')
          : t('contracts.given_to', { name: contract.agent })}
      </p>
      <TiersList tiers={contract.tiers} dividend={contract.kind === 'dividend'} testId={`ac-contract-${contract.id}-tiers`} />
      <dl className="ac-facts">
        <div>
          <dt>{t('terms.min_payout')}</dt>
          <dd>{money(contract.minPayout)}</dd>
        </div>
        <div>
          <dt>{t('contracts.offered_at')}</dt>
          <dd>{formatTime(contract.offeredAt, language)}</dd>
        </div>
        {contract.decidedAt ? (
          <div>
            <dt>{t('contracts.decided_at')}</dt>
            <dd>{formatTime(contract.decidedAt, language)}</dd>
          </div>
        ) : null}
      </dl>
      {actions ? <div className="ac-contract__actions">{actions}</div> : null}
    </article>
  );
}
