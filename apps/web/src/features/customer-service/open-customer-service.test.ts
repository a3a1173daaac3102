import { encryptCsPath } from '@lotus/contracts/cs-crypto';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { errorResponse, mockApi, setTestLanguage } from '@/test/render';
import { setToasterReady } from '@/lib/notify';
import {
  CS_WINDOW_SIZES,
  isAllowedCsUrl,
  openCustomerService,
  resolveCsType,
} from './open-customer-service';

type FakeWindow = {
  opener: unknown;
  closed: boolean;
  close: ReturnType<typeof vi.fn>;
  location: { replace: ReturnType<typeof vi.fn> };
  document: { title: string; body: { style: { cssText: string }; textContent: string } };
};

function fakeWindow(): FakeWindow {
  const win: FakeWindow = {
    opener: window,
    closed: false,
    close: vi.fn(() => {
      win.closed = true;
    }),
    location: { replace: vi.fn() },
    document: { title: '', body: { style: { cssText: '' }, textContent: '' } },
  };
  return win;
}

let events: string[];
let open: MockInstance<typeof window.open>;
let popup: FakeWindow;
let toastError: MockInstance<typeof toast.error>;

async function serveLink(plain: string | null, { type = 3 }: { type?: number } = {}) {
  const path = plain === null ? 'not-a-valid-path' : await encryptCsPath(plain);
  return mockApi({
    '/wps/system/customerService/link': (url) => {
      events.push(`fetch:${url.searchParams.get('csType')}`);
      return { version: { pathList: [{ type: 1, path: 'ignored' }, { type, path }] } };
    },
  });
}

// The app's Toaster is mounted (the providers do it); error toasts wait for it (lib/notify.ts).
beforeAll(() => {
  setToasterReady();
  return setTestLanguage('en');
});
beforeEach(() => {
  events = [];
  popup = fakeWindow();
  open = vi.spyOn(window, 'open').mockImplementation(((_url?: string | URL, _target?: string, features?: string) => {
    events.push(`open:${features ?? ''}`);
    return popup as unknown as Window;
  }) as typeof window.open);
  toastError = vi.spyOn(toast, 'error');
});
afterEach(() => {
  open.mockRestore();
  toastError.mockRestore();
});

describe('openCustomerService', () => {
  it('4.CS.01 opens a blank window first, then requests the service link', async () => {
    await serveLink('https://chat.example.com/room?id=1');
    const pending = openCustomerService('TELEGRAM');
    // The window opens synchronously, inside the click (pop-up blockers).
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.[0]).toBe('');
    await pending;
    expect(events[0]).toMatch(/^open:/);
    expect(events[1]).toBe('fetch:TELEGRAM');
    expect(popup.opener).toBeNull();
  });

  it('3.CS.03 / 4.CS.02 / 4.CS.03 decrypts the type-3 path (last 8 characters = key) and sends the window there', async () => {
    await serveLink('https://chat.example.com/room?id=1');
    await openCustomerService('FACEBOOK');
    expect(popup.location.replace).toHaveBeenCalledWith('https://chat.example.com/room?id=1');
    expect(popup.close).not.toHaveBeenCalled();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('4.CS.05 live chat opens as a 440x750 pop-up; other channels 600x700 (decision 4.CS.07)', async () => {
    await serveLink('https://chat.example.com/');
    await openCustomerService('LIVECHAT');
    expect(open.mock.calls[0]?.[2]).toContain('width=440,height=750');
    await openCustomerService('EMAIL');
    expect(open.mock.calls[1]?.[2]).toContain('width=600,height=700');
    expect(CS_WINDOW_SIZES.LIVECHAT).toEqual({ width: 440, height: 750 });
  });

  it('4.CS.06 a member above rank 4 gets the VIP channel instead of live chat', async () => {
    await serveLink('https://vip.example.com/');
    await openCustomerService('LIVECHAT', 5);
    expect(events).toContain('fetch:VIP');
    await openCustomerService('LIVECHAT', 4);
    expect(events).toContain('fetch:LIVECHAT');
    expect(resolveCsType('LIVECHAT')).toBe('LIVECHAT');
    expect(resolveCsType('TELEGRAM', 9)).toBe('TELEGRAM');
  });

  it('4.CS.04 closes the window and shows invalid_url when the call fails', async () => {
    mockApi({ '/wps/system/customerService/link': () => errorResponse('not_found', 404) });
    await openCustomerService('LIVECHAT');
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Invalid URL, please contact customer service', expect.anything()));
  });

  it('4.CS.04 closes the window when the path does not decrypt or has no type-3 entry', async () => {
    await serveLink(null);
    await openCustomerService('LIVECHAT');
    expect(popup.close).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Invalid URL, please contact customer service', expect.anything()));

    popup = fakeWindow();
    await serveLink('https://chat.example.com/', { type: 2 });
    await openCustomerService('LIVECHAT');
    expect(popup.close).toHaveBeenCalledTimes(1);
  });

  it('4.CS.04 a decrypted link with a forbidden scheme is a failure', async () => {
    await serveLink('javascript:alert(1)');
    await openCustomerService('LIVECHAT');
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.replace).not.toHaveBeenCalled();
    expect(isAllowedCsUrl('https://x.y')).toBe(true);
    expect(isAllowedCsUrl('tg://resolve?domain=lotus')).toBe(true);
    expect(isAllowedCsUrl('line://ti/p/@lotus')).toBe(true);
    expect(isAllowedCsUrl('data:text/html,x')).toBe(false);
    expect(isAllowedCsUrl('not a url')).toBe(false);
  });

  it('shows popup_blocked when the browser refuses the window, and requests nothing', async () => {
    const fetchMock = await serveLink('https://chat.example.com/');
    open.mockImplementation(() => null);
    await openCustomerService('LIVECHAT');
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('Popup blocked. Please allow popups and try again.', expect.anything()));
  });
});
