import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { SystemStatusGate } from '@/features/system/components/system-status-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { contactSupport, preloadCustomerService } from './customer-service';

/**
 * Root: providers, then the system-status switch (2.R.28-30), then the routed app. `router` wraps
 * the routes: the browser's router in the page, a static one when pages are prerendered.
 */
export function AppShell({ router }: { router: (children: ReactNode) => ReactNode }) {
  return (
    <AppProviders>
      <SystemStatusGate onContactSupport={contactSupport} onStatusPage={preloadCustomerService}>
        {router(<AppRoutes />)}
      </SystemStatusGate>
    </AppProviders>
  );
}

const browserRouter = (children: ReactNode) => <BrowserRouter>{children}</BrowserRouter>;

export function App() {
  return <AppShell router={browserRouter} />;
}
