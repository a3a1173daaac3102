import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/page-frame/page-frame';

// Page group "fbSports" (decision 4.CHK.02): fbsports. Its real content arrives with a later issue;
// until then the page shows its frame and a coming-soon notice (never fake content).
export function FbSportsPage() {
  const { t } = useTranslation('common');
  return <ComingSoonPage title={t('titles.fbsports')} testId="fbsports-page" />;
}
