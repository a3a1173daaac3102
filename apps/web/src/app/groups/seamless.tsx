import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '@/components/page-frame/page-frame';

// Page group "seamless" (decision 4.CHK.02): seamless. Its real content arrives with a later issue;
// until then the page shows its frame and a coming-soon notice (never fake content).
export function SeamlessPage() {
  const { t } = useTranslation('common');
  return <ComingSoonPage title={t('titles.seamless')} testId="seamless-page" />;
}
