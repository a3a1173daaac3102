import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { findPathKey } from '@/config/paths';
import { useSession } from '@/lib/session/session-store';
import { QuietBoundary } from '../verification/quiet-boundary';
import { closeRegisterPopup, openRegisterPopup, useRegisterPopup } from './register-popup-store';

// The popup and its form load when first opened, not with the page.
const RegisterPopup = lazy(() => import('./register-popup').then((m) => ({ default: m.RegisterPopup })));

/**
 * Where the registration popup lives (mounted once by the main layout). It opens from
 * openRegisterPopup() (the header's register button) or, for a visitor, on the home page whose URL
 * has ?register=1 or ?referralCode=... (2.RGP.02).
 */
export function RegisterPopupSlot() {
  const { pathname, search } = useLocation();
  const open = useRegisterPopup((s) => s.open);
  const loggedIn = useSession((s) => s.token !== null);

  useEffect(() => {
    if (loggedIn || findPathKey(pathname) !== 'home') return;
    const params = new URLSearchParams(search);
    const referralCode = params.get('referralCode');
    if (params.get('register') === '1' || (referralCode && referralCode.trim() !== '')) {
      openRegisterPopup({ referralCode, affiliateCode: params.get('affiliateCode') });
    }
  }, [pathname, search, loggedIn]);

  if (!open) return null;
  return (
    <QuietBoundary onError={closeRegisterPopup}>
      <Suspense fallback={null}>
        <RegisterPopup />
      </Suspense>
    </QuietBoundary>
  );
}
