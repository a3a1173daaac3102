import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useAppStore } from '@/state/app-store';
import { setToasterReady } from '@/lib/notify';
import { useDialogStore } from '@/components/ui/dialog/dialog-store';
import { SliderHost } from '@/features/auth/verification/slider-host';

// Toasts (sonner) and dialogs (with their HTML sanitiser) load after the first paint.
const LazyToaster = lazy(() =>
  import('sonner').then(({ Toaster }) => ({
    default: function ReadyToaster(props: Parameters<typeof Toaster>[0]) {
      useEffect(() => setToasterReady(), []);
      return <Toaster {...props} />;
    },
  })),
);
const LazyDialogHost = lazy(() => import('@/components/ui/dialog/dialog-host').then((m) => ({ default: m.DialogHost })));

/** Mounts the dialog host once the first dialog is opened, then keeps it. */
function DialogSlot() {
  const hasDialogs = useDialogStore((s) => s.dialogs.length > 0);
  const [needed, setNeeded] = useState(hasDialogs);
  if (hasDialogs && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <LazyDialogHost />
    </Suspense>
  ) : null;
}

/** App-wide providers: query cache, toasts (sonner) and the dialog host. */
export function AppProviders({ children }: { children: ReactNode }) {
  const theme = useAppStore((s) => s.theme);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <DialogSlot />
      <SliderHost />
      <Suspense fallback={null}>
        {/* Issue 11: toasts speak in the site's font (Sarabun for Thai) and rise from the foot of the
            screen, above the phone dock, so they never cover the header balance. */}
        <LazyToaster
          theme={theme}
          position="bottom-center"
          offset={{ bottom: 24 }}
          mobileOffset={{ bottom: 72 }}
          style={{ fontFamily: 'var(--font-body)' }}
          toastOptions={{ style: { fontFamily: 'var(--font-body)' } }}
          richColors
          closeButton
        />
      </Suspense>
    </QueryClientProvider>
  );
}
