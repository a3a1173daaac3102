import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWhitelabel } from '@/api/get-whitelabel';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button/button';
import { CountryCodePicker } from '@/components/ui/country-code-picker/country-code-picker';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { notify } from '@/lib/notify';
import { CaptchaField } from '../../verification/captcha-field';
import { SmsCodeButton } from '../../verification/sms-code-button';
import { getErrorText } from '@/lib/error-text';
import { TwoFactorStep } from '../../two-factor/components/two-factor-step';
import type { TPortal } from '../lib/login-flow';
import { clearRememberedLogin, readRememberedLogin, saveRememberedLogin } from '../lib/remember-me';
import {
  EMPTY_LOGIN_VALUES,
  isValidMobileNum,
  trimLoginValues,
  type TLoginErrors,
  type TLoginMode,
  type TLoginValues,
} from '../lib/validate-login';
import type { TLoginPopupInitial } from '../login-ui-store';
import { useLoginActions } from '../use-login-actions';
import { useLoginChallenge } from '../api/get-login-challenge';
import { Field } from './field';

export type LoginFormProps = {
  /** 'agent' on the agent login page (/agentHome for a visitor): non-agents are refused (6.ROLE.11). */
  portal?: TPortal;
  /** Values handed over by the header form. */
  initial?: TLoginPopupInitial | null;
  /** Called once the login finished (the popup closes). */
  onFinished?: () => void;
  /** Called when a link leaves the form (forgot password, register): the popup closes. */
  onLeave?: () => void;
  idBase?: string;
  /** The first field takes the focus (the login page: the player came to type). */
  autoFocus?: boolean;
};

/** The login methods the flags allow (2.LGN.06/07): SMS with MOBILEVERCODELOGIN3, password unless PWDLOGIN3 is off. */
export function getLoginModes(
  flags: { MOBILEVERCODELOGIN3: boolean; PWDLOGIN3: boolean } | undefined,
): TLoginMode[] {
  if (!flags) return ['username'];
  const modes: TLoginMode[] = [];
  if (flags.PWDLOGIN3) modes.push('username');
  if (flags.MOBILEVERCODELOGIN3) modes.push('sms');
  return modes.length > 0 ? modes : ['username'];
}

/**
 * The login form (2.LGN, 4.LOGIN, 5.LOGIN): username/SMS tabs only with MOBILEVERCODELOGIN3, the
 * captcha when showCaptcha is on or after a failure that asks for it, remember me, the option
 * buttons by flags (register, Google, Facebook, free play), and the 2FA step.
 */
export function LoginForm({
  portal = 'member',
  initial = null,
  onFinished,
  onLeave,
  idBase = 'login',
  autoFocus = false,
}: LoginFormProps) {
  const { t } = useTranslation(['auth-login', 'common']);
  const { data: flags } = useWhitelabel();
  const actions = useLoginActions();
  const modes = getLoginModes(flags);

  // 4.REM.03: refill from the remembered values (not when the header handed values over). The
  // username only (security #19): the browser's password manager fills the password.
  const [remembered] = useState(() => (initial ? null : readRememberedLogin()));
  const [values, setValues] = useState<TLoginValues>(() => ({
    ...EMPTY_LOGIN_VALUES,
    username: initial?.username ?? remembered?.username ?? '',
    password: initial?.password ?? '',
    ...(remembered?.mobile
      ? { countryDialingCode: remembered.mobile.countryDialingCode, mobileNum: remembered.mobile.mobileNum }
      : {}),
    // Remembered from an SMS login only: open on the SMS tab.
    ...(remembered?.mobile && !remembered.username ? { mode: 'sms' as const } : {}),
  }));
  const mode: TLoginMode = modes.includes(values.mode) ? values.mode : (modes[0] ?? 'username');
  const [errors, setErrors] = useState<TLoginErrors>({});
  const [message, setMessage] = useState(initial?.message ?? '');
  const [captchaByFailure, setCaptchaByFailure] = useState(initial?.captcha === true);
  // Docs/adr/0031: when the captcha is due from this address it shows with the form at once.
  const challenge = useLoginChallenge(mode === 'username');
  const captchaShown = captchaByFailure || flags?.showCaptcha === true || challenge.data?.captcha === true;
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  const [captchaRefresh, setCaptchaRefresh] = useState(0);
  const [remember, setRemember] = useState(remembered !== null);
  /** The full-page loader: shown during the login call only (4.LOGIN.17: it stops on failure). */
  const [pending, setPending] = useState(false);
  /** The form is working (call, forced change, member info): the buttons wait. */
  const [busy, setBusy] = useState(false);
  const [twoFactor, setTwoFactor] = useState<{
    ticket: string;
    username: string;
    password: string | null;
    values: TLoginValues | null;
  } | null>(
    initial?.twoFactorTicket
      ? {
          ticket: initial.twoFactorTicket,
          username: initial.username ?? '',
          password: initial.password ?? null,
          values: null,
        }
      : null,
  );
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const set = (field: keyof TLoginValues) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onRememberChange = (checked: boolean) => {
    setRemember(checked);
    // 4.REM.02: off clears what was remembered, at once.
    if (!checked) clearRememberedLogin();
  };

  const applyRemember = (used: TLoginValues) => {
    if (!remember) {
      clearRememberedLogin();
      return;
    }
    if (used.mode === 'sms') {
      saveRememberedLogin({
        mode: 'sms',
        mobile: { countryDialingCode: used.countryDialingCode, mobileNum: used.mobileNum },
      });
    } else {
      saveRememberedLogin({ mode: 'username', username: used.username });
    }
  };

  const finish = async (
    result: Parameters<typeof actions.complete>[0],
    used: { username: string; password: string | null },
  ) => {
    await actions.complete(result, { portal, ...used });
    onFinished?.();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage('');
    setBusy(true);
    try {
      await run();
    } finally {
      if (mounted.current) {
        setBusy(false);
        setPending(false);
      }
    }
  };

  const run = async () => {
    const outcome = await actions.submit({ ...values, mode }, { captchaShown, captchaId, portal }, () =>
      setPending(true),
    );
    if (!mounted.current) return;
    switch (outcome.kind) {
      case 'invalid':
        setErrors(outcome.errors);
        return;
      case 'cancelled':
        return;
      case 'failed':
        // 4.LOGIN.17: the loader stops; 4.CAP.02: the captcha shows (and a fresh one is fetched).
        setPending(false);
        setMessage(getErrorText(outcome.error));
        if (outcome.captchaRequired) setCaptchaByFailure(true);
        if (captchaShown || outcome.captchaRequired) setCaptchaRefresh((n) => n + 1);
        return;
      case 'two-factor':
        setPending(false);
        applyRemember(outcome.values);
        setTwoFactor({
          ticket: outcome.ticket,
          username: outcome.values.username,
          password: outcome.values.mode === 'username' ? outcome.values.password : null,
          values: outcome.values,
        });
        return;
      case 'success':
        setPending(false);
        applyRemember(outcome.values);
        await finish(outcome.result, {
          username: outcome.values.username,
          password: outcome.values.mode === 'username' ? outcome.values.password : null,
        });
        return;
    }
  };

  const onFreePlay = async () => {
    if (busy) return;
    setBusy(true);
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
        setBusy(false);
      }
    }
  };

  const validateMobile = () => {
    const mobileNum = trimLoginValues(values).mobileNum;
    const error =
      mobileNum === ''
        ? 'validation.mobile_required'
        : !isValidMobileNum(mobileNum)
          ? 'validation.mobile_invalid'
          : undefined;
    setErrors((e) => ({ ...e, mobileNum: error }));
    return !error;
  };

  if (twoFactor) {
    return (
      <TwoFactorStep
        ticket={twoFactor.ticket}
        onCancel={() => setTwoFactor(null)}
        onDone={(result) => finish(result, { username: twoFactor.username, password: twoFactor.password })}
      />
    );
  }

  const err = (field: keyof TLoginErrors) => (errors[field] ? t(errors[field]) : undefined);

  const usernameFields = (
    <>
      <Field
        label={t('form.username')}
        value={values.username}
        onChange={set('username')}
        error={err('username')}
        autoComplete="username"
        maxLength={60}
        autoCapitalize="none"
        spellCheck={false}
        autoFocus={autoFocus && !captchaByFailure}
        data-testid="login-username"
      />
      <Field
        label={t('form.password')}
        type="password"
        revealable
        value={values.password}
        onChange={set('password')}
        error={err('password')}
        autoComplete="current-password"
        maxLength={128}
        data-testid="login-password"
      />
    </>
  );

  const smsFields = (
    <>
      <div className="login-form__mobile">
        <CountryCodePicker
          initialCode={values.countryDialingCode}
          onChange={(code) => set('countryDialingCode')(code)}
          data-testid="login-country-code"
        />
        <Field
          label={t('form.mobile')}
          value={values.mobileNum}
          onChange={set('mobileNum')}
          error={err('mobileNum')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={16}
          data-testid="login-mobile"
        />
      </div>
      <Field
        label={t('form.sms_code')}
        value={values.smsCode}
        onChange={set('smsCode')}
        error={err('smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={10}
        data-testid="login-sms-code"
        addon={
          <SmsCodeButton
            endpoint="noLogin"
            mobileNum={trimLoginValues(values).mobileNum}
            countryDialingCode={values.countryDialingCode}
            validate={validateMobile}
          />
        }
      />
    </>
  );

  return (
    <form
      className="auth-form login-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="login-form"
      data-portal={portal}
      // Which challenge the next attempt answers (tests and support tools read it).
      data-challenge={
        challenge.fetchStatus !== 'idle'
          ? 'pending'
          : mode === 'sms'
            ? 'none'
            : captchaShown
              ? 'captcha'
              : 'slider'
      }
    >
      <FullPageLoader visible={pending} />
      {message && (
        <p className="auth-form__message" role="alert" data-testid="login-error">
          {message}
        </p>
      )}
      {flags === undefined && (
        // Until the site's flags arrive (a prerendered page paints before them), the form keeps the
        // room of the rows the flags may show; the server drops the rows its flags leave out before
        // the page paints (packages/contracts login-form.ts), so the form keeps its size.
        <div className="login-form__pending" data-pending-row="tabs" aria-hidden="true" inert>
          <Tabs
            idBase={`${idBase}-pending`}
            label={t('form.methods')}
            items={[
              { key: 'username', label: t('form.tab_username') },
              { key: 'sms', label: t('form.tab_sms') },
            ]}
            value="username"
            onChange={() => undefined}
          />
        </div>
      )}
      {modes.length > 1 ? (
        <>
          <Tabs
            idBase={idBase}
            label={t('form.methods')}
            items={modes.map((key) => ({
              key,
              label: key === 'sms' ? t('form.tab_sms') : t('form.tab_username'),
            }))}
            value={mode}
            onChange={(next) => {
              setValues((v) => ({ ...v, mode: next }));
              setErrors({});
            }}
            data-testid="login-tabs"
          />
          <TabPanel idBase={idBase} tabKey={mode} className="auth-form">
            {mode === 'sms' ? smsFields : usernameFields}
          </TabPanel>
        </>
      ) : mode === 'sms' ? (
        smsFields
      ) : (
        usernameFields
      )}
      {captchaShown && (
        <CaptchaField
          value={values.captcha}
          onChange={set('captcha')}
          onCaptchaId={setCaptchaId}
          refreshSignal={captchaRefresh}
          error={err('captcha')}
          autoFocus={captchaByFailure}
        />
      )}
      <div className="login-form__links">
        <label className="auth-form__check">
          <input
            type="checkbox"
            checked={remember}
            onChange={(e) => onRememberChange(e.target.checked)}
            data-testid="login-remember"
          />
          <span>{t('form.remember')}</span>
        </label>
        <Link to={paths.forget.getHref()} onClick={onLeave} data-testid="login-forget">
          {t('form.forget')}
        </Link>
      </div>
      <div className="auth-form__actions">
        <Button
          type="submit"
          variant="primary"
          block
          disabled={busy}
          aria-busy={busy || undefined}
          data-testid="login-submit"
        >
          {t('common:actions.login')}
        </Button>
        <div className="auth-form__options">
          {flags === undefined && (
            <span
              className="btn btn--outline login-form__pending"
              data-pending-row="options"
              aria-hidden="true"
            >
              {t('common:actions.register')}
            </span>
          )}
          {flags?.REGBUTTON3 && (
            <Link
              to={paths.register.getHref()}
              onClick={onLeave}
              className="btn btn--outline"
              data-testid="login-register"
            >
              {t('common:actions.register')}
            </Link>
          )}
          {flags?.FREEPLAY3 && portal === 'member' && (
            <Button
              variant="secondary"
              onClick={() => void onFreePlay()}
              disabled={busy}
              data-testid="login-freeplay"
            >
              {t('form.free_play')}
            </Button>
          )}
        </div>
        {flags === undefined && (
          <div
            className="login-form__social login-form__pending"
            data-pending-row="social"
            aria-hidden="true"
          >
            <span className="btn btn--outline">{t('form.google')}</span>
          </div>
        )}
        {(flags?.GOOGLELOGIN3 || flags?.FACEBOOKLOGIN3) && (
          <div className="login-form__social">
            {flags.GOOGLELOGIN3 && (
              <Button
                variant="secondary"
                onClick={() => notify.info(t('form.social_unavailable'))}
                data-testid="login-google"
              >
                {t('form.google')}
              </Button>
            )}
            {flags.FACEBOOKLOGIN3 && (
              <Button
                variant="secondary"
                onClick={() => notify.info(t('form.social_unavailable'))}
                data-testid="login-facebook"
              >
                {t('form.facebook')}
              </Button>
            )}
          </div>
        )}
      </div>
    </form>
  );
}
