import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { TwoFactorSettings } from './components/two-factor-settings';
import { TwoFactorStep } from './components/two-factor-step';
import { loginResult } from '@/test/fixtures';

beforeEach(() => setTestLanguage('en'));

const codes = Array.from({ length: 10 }, (_, i) => `rc-${i}-abcd`);

describe('two-factor login (decision 2.OTH.07)', () => {
  it('enrols: setup shows the QR code and key, a code turns it on, the ten recovery codes show once', async () => {
    const fetchMock = mockApi({
      '/wps/member/2fa/setup': () => ({ secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Lotus:demo?secret=JBSWY3DPEHPK3PXP', qrPng: 'iVBORw0KGgo=' }),
      '/wps/member/2fa/enable': () => ({ recoveryCodes: codes }),
    });
    renderWithProviders(<TwoFactorSettings enabled={false} />);
    fireEvent.click(screen.getByTestId('two-factor-start'));
    const qr = await screen.findByTestId('two-factor-qr');
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(screen.getByTestId('two-factor-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    // A code and the current password are required (docs/adr/0020).
    fireEvent.click(screen.getByTestId('two-factor-enable'));
    expect(await screen.findByText('Please enter the 6-digit code or a recovery code')).toBeTruthy();
    expect(screen.getByText('Please enter your current password')).toBeTruthy();
    fireEvent.change(screen.getByTestId('two-factor-settings-code'), { target: { value: ' 123 456 ' } });
    fireEvent.click(screen.getByTestId('two-factor-enable'));
    expect(await screen.findByText('Please enter your current password')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/2fa/enable'))).toBe(false);
    fireEvent.change(screen.getByTestId('two-factor-settings-password'), { target: { value: 'My pass 1' } });
    fireEvent.click(screen.getByTestId('two-factor-enable'));
    const list = await screen.findByTestId('two-factor-recovery-codes');
    expect(list.querySelectorAll('li')).toHaveLength(10);
    const enable = fetchMock.mock.calls.find(([url]) => String(url).includes('/2fa/enable'));
    expect(JSON.parse(String(enable?.[1]?.body))).toEqual({ code: '123456', password: 'My pass 1' });
    fireEvent.click(screen.getByTestId('two-factor-codes-done'));
    await waitFor(() => expect(screen.queryByTestId('two-factor-recovery-codes')).toBeNull());
  });

  it('turns off with the current password and a code (DELETE with both in the body); a wrong password shows under its field', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      '/wps/member/2fa': () => {
        attempt += 1;
        if (attempt === 1)
          return new Response(JSON.stringify({ success: false, message: 'current_password_incorrect', value: null }), { status: 400 });
        return { done: true };
      },
    });
    renderWithProviders(<TwoFactorSettings enabled />);
    fireEvent.click(screen.getByTestId('two-factor-disable'));
    expect(screen.getByText(/needs your current password/)).toBeTruthy();
    fireEvent.change(screen.getByTestId('two-factor-settings-code'), { target: { value: 'rc-1-abcd' } });
    fireEvent.change(screen.getByTestId('two-factor-settings-password'), { target: { value: 'wrong one' } });
    fireEvent.click(screen.getByTestId('two-factor-disable-confirm'));
    expect(await screen.findByText('The current password is not correct')).toBeTruthy();
    fireEvent.change(screen.getByTestId('two-factor-settings-password'), { target: { value: 'My pass 1' } });
    fireEvent.click(screen.getByTestId('two-factor-disable-confirm'));
    await waitFor(() => expect(screen.getByTestId('two-factor-settings')).toBeTruthy());
    const calls = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/wps/member/2fa'));
    expect(calls).toHaveLength(2);
    expect(calls[1]?.[1]?.method).toBe('DELETE');
    expect(JSON.parse(String(calls[1]?.[1]?.body))).toEqual({ code: 'rc-1-abcd', password: 'My pass 1' });
  });

  it('the login step sends the ticket with the code (or a recovery code) and shows a wrong code', async () => {
    let attempt = 0;
    const fetchMock = mockApi({
      '/wps/session/login/2fa': () => {
        attempt += 1;
        if (attempt === 1) return new Response(JSON.stringify({ success: false, message: 'totp_invalid', value: null }), { status: 401 });
        return loginResult({ token: 'tok-2fa' });
      },
    });
    const done: string[] = [];
    renderWithProviders(<TwoFactorStep ticket="ticket-1" onDone={(r) => void done.push(r.token ?? '')} onCancel={() => undefined} />);
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    expect(await screen.findByText('The authenticator code is not correct')).toBeTruthy();
    fireEvent.change(screen.getByTestId('two-factor-code'), { target: { value: 'ABCD-EFGH-1234' } });
    fireEvent.click(screen.getByTestId('two-factor-submit'));
    await waitFor(() => expect(done).toEqual(['tok-2fa']));
    const last = fetchMock.mock.calls.at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toEqual({ ticket: 'ticket-1', code: 'ABCD-EFGH-1234' });
  });
});
