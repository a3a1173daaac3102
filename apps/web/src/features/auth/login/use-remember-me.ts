import { useState } from 'react';
import { clearRememberedLogin, readRememberedLogin, saveRememberedLogin } from './lib/remember-me';
import {
  EMPTY_LOGIN_VALUES,
  type TLoginFields,
  type TLoginMode,
  type TLoginValues,
} from './lib/validate-login';
import type { TLoginPopupInitial } from './login-ui-store';

/**
 * Remember me on the login form (4.REM): the values the form opens with, its box, and what a login
 * keeps.
 */
export function useRememberMe(initial: TLoginPopupInitial | null) {
  // 4.REM.03: refill from the remembered values (not when the header handed values over). The
  // username only (security #19): the browser's password manager fills the password.
  const [remembered] = useState(() => (initial ? null : readRememberedLogin()));
  const [checked, setChecked] = useState(remembered !== null);

  const values: TLoginFields = {
    username: initial?.username ?? remembered?.username ?? '',
    password: initial?.password ?? '',
    countryDialingCode: remembered?.mobile?.countryDialingCode ?? EMPTY_LOGIN_VALUES.countryDialingCode,
    mobileNum: remembered?.mobile?.mobileNum ?? '',
    smsCode: '',
    captcha: '',
  };
  // Remembered from an SMS login only: open on the SMS tab.
  const mode: TLoginMode = remembered?.mobile && !remembered.username ? 'sms' : 'username';

  const toggle = (next: boolean) => {
    setChecked(next);
    // 4.REM.02: off clears what was remembered, at once.
    if (!next) clearRememberedLogin();
  };

  /** After a login (or its 2FA step): keeps the username or the mobile number used, or forgets them. */
  const keep = (used: TLoginValues) => {
    if (!checked) clearRememberedLogin();
    else if (used.mode === 'sms') {
      saveRememberedLogin({
        mode: 'sms',
        mobile: { countryDialingCode: used.countryDialingCode, mobileNum: used.mobileNum },
      });
    } else saveRememberedLogin({ mode: 'username', username: used.username });
  };

  return { values, mode, checked, toggle, keep };
}
