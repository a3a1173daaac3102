/**
 * The maintenance and region-blocked pages offer live chat (4.CS) through the customer-service
 * feature's openCustomerService. That module (and sonner, which it uses for errors) is not needed
 * on a normal visit, so it is loaded only when a status page shows (preload), and the click uses
 * the loaded module synchronously so the service window opens inside the click (popup blockers).
 */
type CsModule = typeof import('@/features/customer-service/open-customer-service');

let loaded: CsModule | null = null;
let loading: Promise<CsModule> | null = null;

export function preloadCustomerService(): Promise<CsModule> {
  loading ??= import('@/features/customer-service/open-customer-service').then((module) => (loaded = module));
  loading.catch(() => (loading = null));
  return loading;
}

export function contactSupport(): Promise<void> {
  if (loaded) return loaded.openCustomerService('LIVECHAT');
  return preloadCustomerService().then((module) => module.openCustomerService('LIVECHAT'));
}
