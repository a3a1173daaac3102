import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/page-frame/page-frame';

// Page group "lottery" (decision 4.CHK.02): lottery. Its real content arrives with a later issue;
// until then the page shows its frame and a coming-soon notice (never fake content).
export function LotteryPage() {
  const { t } = useTranslation('common');
  return <ComingSoonPage title={t('titles.lottery')} testId="lottery-page" />;
}
