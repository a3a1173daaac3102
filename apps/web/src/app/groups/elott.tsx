// Page group "elott" (4.CHK.01): /elott, the electronic lottery (its games, open draws and latest results).
export { ElottPage as CategoryPage } from '@/features/lottery/components/elott-page';
