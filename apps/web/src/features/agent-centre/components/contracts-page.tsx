import { useTranslation } from 'react-i18next';
import type { TAgentContract } from '@lotus/contracts/agent';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAgentContracts } from '../api/list-agent-contracts';
import { ContractCard } from './contract-card';
import { LoadError } from './load-error';
import { OfferActions } from './offer-actions';

/** Offers waiting for my answer first, then the rest newest first (the server's order). */
export const offersFirst = (list: readonly TAgentContract[]) => [...list.filter((c) => c.status === 'offered'), ...list.filter((c) => c.status !== 'offered')];

function ContractList({ list, side, empty, testId }: { list: readonly TAgentContract[]; side: 'received' | 'given'; empty: string; testId: string }) {
  if (list.length === 0) return <EmptyState compact message={empty} />;
  return (
    <ul className="ac-list" role="list" data-testid={testId}>
      {list.map((contract) => (
        <li key={contract.id}>
          <ContractCard
            contract={contract}
            side={side}
            actions={side === 'received' && contract.status === 'offered' ? <OfferActions contract={contract} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

/**
 * Contracts (decision 2.OTH.02): the offers made to me, with Accept and Refuse (the process call of the offer's
 * kind), and my contracts; then the contracts I gave my downline agents. Each with its tiers in words, its cycle and
 * its status.
 */
export function ContractsPage() {
  const { t } = useTranslation('agent-centre');
  const contracts = useAgentContracts();
  const data = contracts.data;
  return (
    <div className="ac-page" data-testid="ac-contracts-page">
      <h3 className="ac-page__title">{t('pages.contracts')}</h3>
      <p className="ac-page__intro">{t('contracts.intro')}</p>
      {contracts.isError && !data ? (
        <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} testId="ac-contracts-error" />
      ) : !data ? (
        <div aria-busy="true" data-testid="ac-contracts-loading">
          <span className="visually-hidden" role="status">
            {t('common.loading')}
          </span>
          <Skeleton height={220} count={2} className="ac-skeleton-gap" />
        </div>
      ) : (
        <>
          <section className="ac-section" aria-labelledby="ac-contracts-received">
            <h4 id="ac-contracts-received" className="ac-section__title">
              {t('contracts.received')}
            </h4>
            <ContractList list={offersFirst(data.received)} side="received" empty={t('contracts.received_empty')} testId="ac-contracts-received" />
          </section>
          <section className="ac-section" aria-labelledby="ac-contracts-given">
            <h4 id="ac-contracts-given" className="ac-section__title">
              {t('contracts.given')}
            </h4>
            <ContractList list={data.given} side="given" empty={t('contracts.given_empty')} testId="ac-contracts-given" />
          </section>
        </>
      )}
    </div>
  );
}
