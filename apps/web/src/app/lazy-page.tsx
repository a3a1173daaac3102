import { Suspense, use, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChunkLoader } from '@/lib/lazy-chunk';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { ChunkErrorBoundary } from './chunk-error-boundary';

function PageSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="container page" role="status" aria-busy="true" data-testid="page-skeleton">
      <span className="visually-hidden">{t('loading')}</span>
      <Skeleton height={32} width="40%" />
      <div style={{ height: 16 }} />
      <Skeleton height={120} />
    </div>
  );
}

function ChunkContent<M>({ loader, render }: { loader: ChunkLoader<M>; render: (module: M) => ReactNode }) {
  const module = use(loader.load());
  return <>{render(module)}</>;
}

/**
 * Renders a page from a lazily loaded page group: a skeleton while the group loads, the load error
 * with Retry when it fails or times out (8.LOAD.01-03), then the page.
 */
export function LazyPage<M>({ loader, render }: { loader: ChunkLoader<M>; render: (module: M) => ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary onRetry={() => loader.reset()} resetKey={pathname}>
      <Suspense fallback={<PageSkeleton />}>
        <ChunkContent loader={loader} render={render} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
