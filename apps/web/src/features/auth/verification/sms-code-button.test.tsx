import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, mockApi, setTestLanguage } from '@/test/render';
import { DialogHost } from '@/components/ui/dialog/dialog-host';
import { closeAllDialogs } from '@/components/ui/dialog/dialog-store';
import { getCountdownSeconds, SmsCodeButton, THIRD_PARTY_COUNTDOWN_SECONDS, type SmsCodeButtonProps } from './sms-code-button';
import { useSliderStore } from './slider-store';

beforeAll(() => setTestLanguage('en'));
afterEach(() => {
  act(() => closeAllDialogs());
  vi.useRealTimers();
});

/** A slider solved at once (the puzzle itself is tested in slider.test.tsx). */
const solved = () => Promise.resolve('tok');

function setup(props: Partial<SmsCodeButtonProps> = {}, answer: () => unknown = () => ({ expiredMinutes: 2 })) {
  const bodies: unknown[] = [];
  const fetchMock = mockApi({
    '/wps/verification/sms/register': (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return answer();
    },
    '/wps/verification/sms/noLogin': (_url, init) => {
      bodies.push({ noLogin: JSON.parse(String(init?.body)) });
      return answer();
    },
  });
  const onSent = vi.fn();
  const validate = vi.fn(() => true);
  render(
    <>
      <SmsCodeButton endpoint="register" mobileNum=" 812345678 " countryDialingCode="66" validate={validate} onSent={onSent} sliderToken={solved} {...props} />
      <DialogHost />
    </>,
  );
  return { fetchMock, bodies, onSent, validate, button: () => screen.getByTestId('sms-code-button') as HTMLButtonElement };
}

/** Flushes the pending fetch and the state updates after it. */
const flush = () => act(async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
});

describe('SmsCodeButton (4.SMS)', () => {
  it('4.SMS.01 shows the get-code label while available', () => {
    const { button } = setup();
    expect(button().textContent).toBe('Get code');
    expect(button().disabled).toBe(false);
  });

  it('4.SMS.02 validates the mobile number first; an invalid number sends no request', async () => {
    const invalid = vi.fn(() => false);
    const { button, fetchMock } = setup({ validate: invalid });
    fireEvent.click(button());
    await flush();
    expect(invalid).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(button().textContent).toBe('Get code');
  });

  it('4.SMS.04/06 7.AUTH.05 sends mobileNum + countryDialingCode, then counts down from expiredMinutes x 60 and re-enables at 0', async () => {
    vi.useFakeTimers();
    const { button, bodies, onSent } = setup();
    fireEvent.click(button());
    await flush();
    expect(bodies).toEqual([{ mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'tok' }]);
    expect(onSent).toHaveBeenCalledWith(2);
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('Resend in 120 s');
    act(() => vi.advanceTimersByTime(1000));
    expect(button().textContent).toBe('Resend in 119 s');
    act(() => vi.advanceTimersByTime(118_000));
    expect(button().textContent).toBe('Resend in 1 s');
    expect(button().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1000));
    expect(button().disabled).toBe(false);
    expect(button().textContent).toBe('Get code');
  });

  it('4.SMS.03 requests are throttled to one per second', async () => {
    vi.useFakeTimers();
    const { button, fetchMock } = setup({}, () => errorResponse('sms_limit', 429));
    fireEvent.click(button());
    await flush();
    act(() => closeAllDialogs());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // a failed send leaves the button available, but a second click within the second sends nothing
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(button());
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(800));
    fireEvent.click(button());
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('4.SMS.05 the third-party phone-auth path counts down from 60 seconds', async () => {
    expect(getCountdownSeconds(5)).toBe(300);
    expect(getCountdownSeconds(5, true)).toBe(THIRD_PARTY_COUNTDOWN_SECONDS);
    vi.useFakeTimers();
    const { button } = setup({ thirdParty: true });
    fireEvent.click(button());
    await flush();
    expect(button().textContent).toBe('Resend in 60 s');
  });

  it('4.SMS.07 the forgot-password and SMS-login forms use /wps/verification/sms/noLogin', async () => {
    const { button, bodies } = setup({ endpoint: 'noLogin' });
    fireEvent.click(button());
    await flush();
    expect(bodies).toEqual([{ noLogin: { mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'tok' } }]);
  });

  it('8.ERR.02 a failed send shows the server message in a warning dialog with an OK button', async () => {
    const { button } = setup({}, () => errorResponse('sms_limit', 429));
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Too many verification codes requested, please try again later');
    expect(dialog.querySelector('[data-icon="warning"]')).not.toBeNull();
    const ok = screen.getByRole('button', { name: 'OK' });
    fireEvent.click(ok);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button().disabled).toBe(false);
  });

  it('8.ERR.02 an unknown server message is shown as sent', async () => {
    const { button } = setup({}, () => new Response(JSON.stringify({ success: false, message: 'Gateway says no', value: null }), { status: 400 }));
    fireEvent.click(button());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Gateway says no');
  });

  it('security #5 the slider runs before every send; cancelling it sends nothing, its token is sent along', async () => {
    const slider = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(null).mockResolvedValueOnce('tok2');
    vi.useFakeTimers();
    const { button, bodies } = setup({ sliderToken: slider });
    fireEvent.click(button());
    await flush();
    expect(bodies).toEqual([]);
    act(() => vi.advanceTimersByTime(1100));
    fireEvent.click(button());
    await flush();
    expect(bodies).toEqual([{ mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'tok2' }]);
  });

  it('security #5 without a sliderToken prop the button opens the slider puzzle and waits for it', async () => {
    const { button, bodies } = setup({ sliderToken: undefined });
    fireEvent.click(button());
    await flush();
    const request = useSliderStore.getState().request;
    expect(request).not.toBeNull();
    expect(bodies).toEqual([]);
    act(() => useSliderStore.getState().finish(request!.id, 'from-puzzle'));
    await flush();
    expect(bodies).toEqual([{ mobileNum: '812345678', countryDialingCode: '66', sliderToken: 'from-puzzle' }]);
  });
});
