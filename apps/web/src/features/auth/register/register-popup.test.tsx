import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders, setTestLanguage } from '@/test/render';
import { useSession } from '@/lib/session/session-store';
import { FLAGS, RULES } from '@/test/fixtures';
import { REGISTER_POPUP_DELAY_MS, REGISTER_POPUP_MIN_SIZE, RegisterPopup } from './register-popup';
import { RegisterPopupSlot } from './register-popup-slot';
import { closeRegisterPopup, openRegisterPopup, useRegisterPopup } from './register-popup-store';

vi.mock('@/lib/session/enc-body', () => import('@/test/enc-in-clear'));

beforeAll(async () => {
  await setTestLanguage('en');
  // The slot loads the popup lazily: load its module once here, so the tests wait on the popup's own
  // 100 ms delay (fake timers) and not on how fast a busy machine transforms the form.
  await import('./register-popup');
});
afterEach(() => {
  act(() => closeRegisterPopup());
  vi.useRealTimers();
});

const api = () =>
  mockApi({
    '/wps/system/whitelabel': () => FLAGS,
    '/wps/system/setting/register': () => RULES,
    '/wps/agent/affiliate': () => ({ valid: true, code: 'LOTUS01' }),
  });

describe('registration popup (2.RGP)', () => {
  it('2.RGP.04/05 opens 100 ms after it is asked for, at least 200 by 200', () => {
    vi.useFakeTimers();
    api();
    act(() => openRegisterPopup());
    renderWithProviders(<RegisterPopup />);
    expect(screen.queryByTestId('register-popup')).toBeNull();
    act(() => vi.advanceTimersByTime(REGISTER_POPUP_DELAY_MS - 1));
    expect(screen.queryByTestId('register-popup')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const panel = screen.getByTestId('register-popup-panel');
    expect(panel.style.minHeight).toBe(`${REGISTER_POPUP_MIN_SIZE}px`);
    expect(REGISTER_POPUP_MIN_SIZE).toBe(200);
  });

  it('2.RGP.03 locks the body scroll while open and gives it back on close', async () => {
    vi.useFakeTimers();
    api();
    act(() => openRegisterPopup());
    renderWithProviders(<RegisterPopupSlot />);
    // Each check moves the fake clock past the opening delay inside act(), which also runs the
    // popup's effects (the scroll lock): the condition is the popup itself, not elapsed real time.
    await vi.waitFor(async () => {
      await act(() => vi.advanceTimersByTimeAsync(REGISTER_POPUP_DELAY_MS));
      expect(screen.getByTestId('register-popup')).toBeTruthy();
    });
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByTestId('register-popup-close'));
    expect(screen.queryByTestId('register-popup')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(useRegisterPopup.getState().open).toBe(false);
  });

  it('2.RGP.06 a click outside does not close it; 2.RGP.07 it is dragged by its header', async () => {
    api();
    act(() => openRegisterPopup());
    renderWithProviders(<RegisterPopupSlot />);
    await screen.findByTestId('register-popup');
    fireEvent.click(screen.getByTestId('register-popup-cover'));
    expect(screen.getByTestId('register-popup')).toBeTruthy();
    const header = screen.getByTestId('register-popup-panel').querySelector('.ui-modal__header') as HTMLElement;
    expect(header.className).toContain('ui-modal__header--draggable');
    fireEvent.pointerDown(header, { pointerId: 3, button: 0, clientX: 100, clientY: 100 });
    fireEvent.pointerMove(header, { pointerId: 3, clientX: 130, clientY: 140 });
    fireEvent.pointerUp(header, { pointerId: 3, clientX: 130, clientY: 140 });
    expect(screen.getByTestId('register-popup-panel').style.transform).toBe('translate(30px, 40px)');
  });

  it('2.RGP.02 on home, ?referralCode=... opens the popup, which registers with that code; closing drops the parameter', async () => {
    api();
    const { container } = renderWithProviders(<RegisterPopupSlot />, { route: '/?referralCode=DEMO0001' });
    expect(container).toBeTruthy();
    await screen.findByTestId('register-popup');
    expect(useRegisterPopup.getState().referralCode).toBe('DEMO0001');
    expect(((await screen.findByTestId('register-input-referralCode')) as HTMLInputElement).value).toBe('DEMO0001');
    fireEvent.click(screen.getByTestId('register-popup-close'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
  });

  it('2.RGP.01 ?register=1 on home opens it; other pages and members do not', async () => {
    api();
    renderWithProviders(<RegisterPopupSlot />, { route: '/?register=1' });
    expect(await screen.findByTestId('register-popup')).toBeTruthy();
    act(() => closeRegisterPopup());

    // The slot decides in an effect, which render() runs before it returns: nothing to wait for.
    renderWithProviders(<RegisterPopupSlot />, { route: '/vip?register=1' });
    expect(useRegisterPopup.getState().open).toBe(false);

    act(() => useSession.setState({ token: 'member-token' }));
    renderWithProviders(<RegisterPopupSlot />, { route: '/?register=1' });
    expect(useRegisterPopup.getState().open).toBe(false);
    act(() => useSession.setState({ token: null }));
  });
});
