import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { CAPTCHA_REFRESH_INTERVAL_MS, CaptchaField } from './captcha-field';

beforeAll(() => setTestLanguage('en'));
afterEach(() => vi.useRealTimers());

function mockCaptcha() {
  let n = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => {
    n += 1;
    return new Response(JSON.stringify({ success: true, message: '', value: `UE5H${n}` }), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'captcha-id': `cap-${n}` },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, count: () => n };
}

function Harness({ onId, refreshSignal }: { onId: (id: string) => void; refreshSignal?: number }) {
  const [value, setValue] = useState('');
  return <CaptchaField value={value} onChange={setValue} onCaptchaId={onId} refreshSignal={refreshSignal} />;
}

describe('CaptchaField', () => {
  it('3.LOG.05 7.AUTH.15 shows the base64 PNG of GET /wps/captcha and reports the captcha-id header', async () => {
    const { fetchMock } = mockCaptcha();
    const onId = vi.fn();
    render(<Harness onId={onId} />);
    const img = await screen.findByTestId('captcha-image');
    expect(img.getAttribute('src')).toBe('data:image/png;base64,UE5H1');
    expect(onId).toHaveBeenLastCalledWith('cap-1');
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/wps/captcha');
  });

  it('4.CAP.01 a click on the image fetches a new captcha, at most once per second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const { count } = mockCaptcha();
    const onId = vi.fn();
    render(<Harness onId={onId} />);
    await screen.findByTestId('captcha-image');
    expect(count()).toBe(1);
    const button = screen.getByRole('button', { name: /another captcha/i });
    // within the same second: ignored
    fireEvent.click(button);
    vi.setSystemTime(new Date(Date.now() + CAPTCHA_REFRESH_INTERVAL_MS - 10));
    fireEvent.click(button);
    expect(count()).toBe(1);
    // a second later: a new one, whose id is reported and whose answer field is cleared
    vi.setSystemTime(new Date(Date.now() + 20));
    fireEvent.change(screen.getByTestId('captcha-input'), { target: { value: 'AB12' } });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(onId).toHaveBeenLastCalledWith('cap-2'));
    expect(count()).toBe(2);
    expect((screen.getByTestId('captcha-input') as HTMLInputElement).value).toBe('');
    // rapid clicks again: still one per second
    fireEvent.click(button);
    fireEvent.click(button);
    expect(count()).toBe(2);
  });

  it('4.CAP.02 a new refreshSignal (e.g. after a failed login) fetches a new captcha', async () => {
    const { count } = mockCaptcha();
    const onId = vi.fn();
    const { rerender } = render(<Harness onId={onId} refreshSignal={0} />);
    await screen.findByTestId('captcha-image');
    rerender(<Harness onId={onId} refreshSignal={1} />);
    await waitFor(() => expect(onId).toHaveBeenLastCalledWith('cap-2'));
    expect(count()).toBe(2);
  });
});
