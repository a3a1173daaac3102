import { useTranslation } from 'react-i18next';
import type { TAgentContractKind } from '@lotus/contracts/agent';
import { EmptyState } from '@/components/ui/empty-state/empty-state';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { useAgentContracts } from '../api/list-agent-contracts';
import { BillList } from './bill-list';
import { ContractCard } from './contract-card';
import { offersFirst } from './contracts-page';
import { LoadError } from './load-error';
import { OfferActions } from './offer-actions';

const PAGE_OF_KIND = { dividend: 'dividend', daily: 'dailyWages', hourly: 'hourlySalary', realtime: 'realtimeSalary' } as const;

/**
 * A contract entry of the menu (Dividend, Daily wages, Hourly salary, Real-time salary; shown by its flag, 2.AC.03/04):
 * my offer waiting for an answer (Accept / Refuse) and my active contract of that kind, then its bills.
 */
export function ContractKindPage({ kind }: { kind: TAgentContractKind }) {
  const { t } = useTranslation('agent-centre');
  const contracts = useAgentContracts();
  const mine = offersFirst((contracts.data?.received ?? []).filter((c) => c.kind === kind && (c.status === 'offered' || c.status === 'active')));
  return (
    <div className="ac-page" data-testid={`ac-kind-page-${kind}`}>
      <h3 className="ac-page__title">{t(`pages.${PAGE_OF_KIND[kind]}`)}</h3>
      <p className="ac-page__intro">{t(`kind_intro.${kind}`)}</p>
      <section className="ac-section" aria-labelledby={`ac-kind-${kind}-contract`}>
        <h4 id={`ac-kind-${kind}-contract`} className="ac-section__title">
          {t('contracts.my_contract')}
        </h4>
        {contracts.isError && !contracts.data ? (
          <LoadError error={contracts.error} onRetry={() => void contracts.refetch()} testId="ac-kind-error" />
        ) : !contracts.data ? (
          <Skeleton height={220} />
        ) : mine.length === 0 ? (
          <EmptyState compact message={t('contracts.none_of_kind')} />
        ) : (
          <ul className="ac-list" role="list">
            {mine.map((contract) => (
              <li key={contract.id}>
                <ContractCard contract={contract} side="received" actions={contract.status === 'offered' ? <OfferActions contract={contract} /> : undefined} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="ac-section" aria-labelledby={`ac-kind-${kind}-bills`}>
        <h4 id={`ac-kind-${kind}-bills`} className="ac-section__title">
          {t('bills.title')}
        </h4>
        <BillList side="received" kind={kind} />
      </section>
    </div>
  );
}
