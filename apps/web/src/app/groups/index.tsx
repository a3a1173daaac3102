// Page group "index" (4.CHK.01): Home at /, /index, /index.html, /home.
export { HomePage } from '@/features/home/components/home-page';
