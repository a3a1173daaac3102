import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/page-frame/page-frame';

// Page group "vnlottery" (decision 4.CHK.02): vnlottery. Its real content arrives with a later issue;
// until then the page shows its frame and a coming-soon notice (never fake content).
export function VnLotteryPage() {
  const { t } = useTranslation('common');
  return <ComingSoonPage title={t('titles.vnlottery')} testId="vnlottery-page" />;
}
