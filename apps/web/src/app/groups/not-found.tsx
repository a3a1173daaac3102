// Project group "not-found": any unknown path.
export { NotFoundPage } from '@/features/not-found/not-found-page';
