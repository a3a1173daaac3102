// Page group "vnlottery" (decision 4.CHK.02): /vnlottery, the lottery lobby.
export { VnLotteryPage } from '@/features/lottery/components/vnlottery-page';
