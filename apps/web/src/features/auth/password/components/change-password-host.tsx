import { lazy, Suspense, useEffect } from 'react';
import { useSession } from '@/lib/session/session-store';
import { hasPendingForcedChange, openChangePassword, useChangePasswordStore } from '../change-password-store';

const ChangePasswordModal = lazy(() => import('./change-password-modal').then((m) => ({ default: m.ChangePasswordModal })));

/**
 * Mounts the change-password modal when one is requested (its form loads then). A forced change
 * left open before a reload of the tab comes back (the old password is then asked, 5.CPW.04).
 * Mount once (the app layout does).
 */
export function ChangePasswordHost() {
  const open = useChangePasswordStore((s) => s.request !== null);
  const token = useSession((s) => s.token);

  useEffect(() => {
    if (token && !useChangePasswordStore.getState().request && hasPendingForcedChange()) {
      void openChangePassword({ forced: true });
    }
  }, [token]);

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ChangePasswordModal />
    </Suspense>
  );
}
