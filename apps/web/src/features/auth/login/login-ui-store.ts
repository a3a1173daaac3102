import { create } from 'zustand';
import { onSessionEnd } from '@/lib/session/session-events';
import { closeChangePassword } from '../password/change-password-store';
import { cancelSlider } from '../verification/slider-store';

/**
 * The login popup (2.MOD.01 'login popup'): the same form as /login in a modal. The header form
 * hands over to it when a login needs more than two fields (the captcha, the 2FA step).
 */
export type TLoginPopupInitial = {
  username?: string;
  password?: string;
  /** Show the captcha from the start (the header login was answered captchaRequired). */
  captcha?: boolean;
  /** A pending second factor (the header login was answered twoFactorRequired). */
  twoFactorTicket?: string;
  /** The error to show on opening (already translated). */
  message?: string;
};

type LoginUiState = {
  popup: { open: boolean; initial: TLoginPopupInitial | null; key: number };
};

export const useLoginUi = create<LoginUiState>()(() => ({ popup: { open: false, initial: null, key: 0 } }));

export function openLoginPopup(initial: TLoginPopupInitial | null = null): void {
  useLoginUi.setState((s) => ({ popup: { open: true, initial, key: s.popup.key + 1 } }));
}

export function closeLoginPopup(): void {
  useLoginUi.setState((s) => ({ popup: { ...s.popup, open: false, initial: null } }));
}

/** After-login notice (4.LOGIN.13/14): sessionStorage flag, consumed once by home. */
export const AFTER_LOGIN_KEY = 'afterLogin';

/** Resets the login UI (logout, 4.OUT.05): popup, slider and any open password change. */
export function resetLoginUi(): void {
  closeLoginPopup();
  cancelSlider();
  closeChangePassword();
}

// 4.OUT.05: a logout closes the login UI.
onSessionEnd(resetLoginUi);
