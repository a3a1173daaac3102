import { lazy, Suspense, type ReactNode } from 'react';
import { QuietBoundary } from '../verification/quiet-boundary';
import { closeForgotModal, useForgotModal } from './forgot-modal-store';

const ForgotModal = lazy(() => import('./forgot-modal').then((m) => ({ default: m.ForgotModal })));

/** Where the forget-password modal lives (mounted once by the main layout); loads when first opened. */
export function ForgotModalSlot({ contactList }: { contactList?: ReactNode }) {
  const open = useForgotModal((s) => s.open);
  if (!open) return null;
  return (
    <QuietBoundary onError={closeForgotModal}>
      <Suspense fallback={null}>
        <ForgotModal contactList={contactList} />
      </Suspense>
    </QuietBoundary>
  );
}
