// Page group "egame" (4.CHK.01, decision 4.CHK.02): the vendor-lobby category pages
// /live, /sports, /esports, /pvp, /cockfight.
export { CategoryPage } from '@/features/games/components/category-page';
