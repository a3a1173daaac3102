// Page group "elott" (4.CHK.01): /elott.
export { CategoryPage } from '@/features/games/components/category-page';
