import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { BillList } from './bill-list';

type TSide = 'received' | 'paid';
const SIDES: readonly TSide[] = ['received', 'paid'];

/**
 * My income: my bills per contract and period (side received; payer my upline or the platform), each opening to its
 * calculation, filtered by kind, 20 a page; the second tab, "Paid to my team", what I paid my downline agents.
 */
export function MyIncomePage() {
  const { t } = useTranslation('agent-centre');
  const [side, setSide] = useState<TSide>('received');
  return (
    <div className="ac-page" data-testid="ac-income-page">
      <h3 className="ac-page__title">{t('pages.myIncome')}</h3>
      <p className="ac-page__intro">{t('bills.intro')}</p>
      <Tabs idBase="ac-income" label={t('bills.sides_label')} value={side} onChange={setSide} items={SIDES.map((s) => ({ key: s, label: t(`bills.sides.${s}`) }))} data-testid="ac-income-tabs" />
      <TabPanel idBase="ac-income" tabKey={side} className="ac-tabpanel">
        {/* One list per tab: each keeps its own filter and page. */}
        <BillList key={side} side={side} />
      </TabPanel>
    </div>
  );
}
