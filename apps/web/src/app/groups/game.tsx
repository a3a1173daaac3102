// Page group "game" (4.CHK.01, decision 4.CHK.02): the game-list pages /rng (slots) and /fish.
export { CategoryPage } from '@/features/games/components/category-page';
