import { useEffect, useRef, useState } from 'react';
import type { TLoginResult } from '@lotus/contracts/auth';
import { getErrorText } from '@/lib/error-text';
import type { TPortal } from './lib/login-flow';
import type { TLoginErrors, TLoginValues } from './lib/validate-login';
import type { TLoginPopupInitial } from './login-ui-store';
import { useLoginActions } from './use-login-actions';

type TUsedLogin = { username: string; password: string | null };

/** What the completion needs of the values used (the password only of a password login). */
const usedLogin = (values: TLoginValues): TUsedLogin => ({
  username: values.username,
  password: values.mode === 'username' ? values.password : null,
});

/**
 * What the login form does with values that passed its schema (4.LOGIN, 4.CAP): the login sequence
 * (login-flow.ts) with the full-page loader during the call only (4.LOGIN.17: it stops on a
 * failure), a failure's message and the captcha it asks for (4.CAP.02: shown, and a fresh one
 * fetched), the 2FA step, remember me, then the completion; and free play (7.AUTH.02). A form closed
 * meanwhile (the popup) drops the answer.
 */
export function useLoginSubmit({
  portal,
  initial,
  onFinished,
  keep,
}: {
  portal: TPortal;
  initial: TLoginPopupInitial | null;
  onFinished?: () => void;
  /** Remember me after a login (4.REM.01/02). */
  keep: (used: TLoginValues) => void;
}) {
  const actions = useLoginActions();
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState(initial?.message ?? '');
  const [captchaByFailure, setCaptchaByFailure] = useState(initial?.captcha === true);
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [freePlaying, setFreePlaying] = useState(false);
  const [twoFactor, setTwoFactor] = useState<(TUsedLogin & { ticket: string }) | null>(
    initial?.twoFactorTicket
      ? {
          ticket: initial.twoFactorTicket,
          username: initial.username ?? '',
          password: initial.password ?? null,
        }
      : null,
  );

  const finish = async (result: TLoginResult, used: TUsedLogin) => {
    await actions.complete(result, { portal, ...used });
    onFinished?.();
  };

  const submit = async (
    values: TLoginValues,
    context: { captchaShown: boolean; captchaId: string | null },
    onInvalid: (errors: TLoginErrors) => void,
  ) => {
    try {
      const outcome = await actions.submit(values, { ...context, portal }, () => setPending(true));
      if (!mounted.current) return;
      switch (outcome.kind) {
        case 'invalid':
          onInvalid(outcome.errors);
          return;
        case 'cancelled':
          return;
        case 'failed':
          setPending(false);
          setMessage(getErrorText(outcome.error));
          if (outcome.captchaRequired) setCaptchaByFailure(true);
          if (context.captchaShown || outcome.captchaRequired) setCaptchaRefresh((n) => n + 1);
          return;
        case 'two-factor':
          setPending(false);
          keep(outcome.values);
          setTwoFactor({ ticket: outcome.ticket, ...usedLogin(outcome.values) });
          return;
        case 'success':
          setPending(false);
          keep(outcome.values);
          await finish(outcome.result, usedLogin(outcome.values));
      }
    } finally {
      if (mounted.current) setPending(false);
    }
  };

  const freePlay = async () => {
    setFreePlaying(true);
    setPending(true);
    setMessage('');
    try {
      await actions.freePlay();
      onFinished?.();
    } catch (error) {
      if (mounted.current) setMessage(getErrorText(error));
    } finally {
      if (mounted.current) {
        setPending(false);
        setFreePlaying(false);
      }
    }
  };

  return {
    submit,
    freePlay,
    finish,
    /** The full-page loader: shown during the login call only. */
    pending,
    freePlaying,
    message,
    clearMessage: () => setMessage(''),
    captchaByFailure,
    captchaRefresh,
    twoFactor,
    cancelTwoFactor: () => setTwoFactor(null),
  };
}
