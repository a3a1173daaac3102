import { lazy, Suspense } from 'react';
import { useVendorPopup } from '../lib/vendor-popup-store';
import { PendingLaunch } from './pending-launch';

// The popup's code (modal, list, pager, launcher) loads when a VASSALAGE target is first opened.
const VendorGamesPopup = lazy(() =>
  import('./vendor-games-popup').then((m) => ({ default: m.VendorGamesPopup })),
);

/**
 * Mount once in the layout: shows the VASSALAGE popup game list (4.GS.04) while one is open, and starts
 * the game a visitor tapped once they have logged in (`PendingLaunch`).
 */
export function VendorGamesPopupHost() {
  const popup = useVendorPopup((s) => s.popup);
  const close = useVendorPopup((s) => s.close);
  return (
    <>
      <PendingLaunch />
      {popup && (
        <Suspense fallback={null}>
          <VendorGamesPopup key={`${popup.gameType}:${popup.vassalage}`} popup={popup} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
