// Page group "joinus" (4.CHK.01): /join.
export { JoinPage } from '@/features/join/components/join-page';
