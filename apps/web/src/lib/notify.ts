import type { ExternalToast } from 'sonner';

/**
 * Toasts without putting sonner (~10 kB gzip) on the first load: the <Toaster/> is mounted lazily
 * by the app providers, and these calls wait until it is mounted (so an early toast is not lost).
 */
type Sonner = typeof import('sonner');

let markReady: (() => void) | null = null;
const toasterReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

/** Called by the lazily mounted Toaster once it is in the page. */
export function setToasterReady(): void {
  markReady?.();
}

function load(): Promise<Sonner> {
  return Promise.all([import('sonner'), toasterReady]).then(([module]) => module);
}

export const notify = {
  error: (message: string, options?: ExternalToast) => void load().then((m) => m.toast.error(message, options)),
  success: (message: string, options?: ExternalToast) => void load().then((m) => m.toast.success(message, options)),
  info: (message: string, options?: ExternalToast) => void load().then((m) => m.toast.info(message, options)),
};

/**
 * An error toast from a catalogue key or an ApiError (components/ui/toast toastError), with the
 * toast module loaded on demand: for code on a prerendered page's first scripts.
 */
export function notifyError(error: unknown, options?: ExternalToast): void {
  void Promise.all([import('@/components/ui/toast/toast'), toasterReady]).then(([m]) => m.toastError(error, options));
}
