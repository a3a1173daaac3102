import { lazy, Suspense } from 'react';
import { QuietBoundary } from './quiet-boundary';
import { useSliderStore } from './slider-store';

// The puzzle (images, drag handling, its styles) loads on first use, not with the first page.
const SliderModal = lazy(() => import('./slider-modal').then((m) => ({ default: m.SliderModal })));

/** Renders the slider puzzle opened with verifyWithSlider(). Mount once near the root of the app. */
export function SliderHost() {
  const request = useSliderStore((s) => s.request);
  const finish = useSliderStore((s) => s.finish);
  if (!request) return null;
  return (
    <QuietBoundary key={request.id} onError={() => finish(request.id, null)}>
      <Suspense fallback={null}>
        <SliderModal onDone={(token) => finish(request.id, token)} />
      </Suspense>
    </QuietBoundary>
  );
}
