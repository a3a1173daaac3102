import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame/page-frame';
import { LotteryLobby } from './lottery-lobby';

/** /vnlottery (2.R.17): the lottery lobby (1.CAT.03/04, 2.LOB). */
export function VnLotteryPage() {
  const { t } = useTranslation('common');
  return (
    <PageFrame title={t('titles.vnlottery')} testId="vnlottery-page">
      <LotteryLobby />
    </PageFrame>
  );
}
