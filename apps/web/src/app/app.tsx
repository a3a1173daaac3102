import { BrowserRouter } from 'react-router';
import { SystemStatusGate } from '@/features/system/components/system-status-gate';
import { AppProviders } from './providers';
import { AppRoutes } from './router';
import { contactSupport, preloadCustomerService } from './customer-service';

/** Root: providers, then the system-status switch (2.R.28-30), then the routed app. */
export function App() {
  return (
    <AppProviders>
      <SystemStatusGate onContactSupport={contactSupport} onStatusPage={preloadCustomerService}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SystemStatusGate>
    </AppProviders>
  );
}
