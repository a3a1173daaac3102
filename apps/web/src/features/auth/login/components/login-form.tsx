import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { useWhitelabel } from '@/api/get-whitelabel';
import { Button } from '@/components/ui/button/button';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { CaptchaField } from '../../verification/captcha-field';
import { TwoFactorStep } from '../../two-factor/components/two-factor-step';
import { useAccountForm } from '../../use-account-form';
import type { TPortal } from '../lib/login-flow';
import { loginSchema, type TLoginFields, type TLoginMode } from '../lib/validate-login';
import type { TLoginPopupInitial } from '../login-ui-store';
import { useLoginChallenge } from '../api/get-login-challenge';
import { useLoginSubmit } from '../use-login-submit';
import { useRememberMe } from '../use-remember-me';
import { LoginOptionRows, PendingMethodTabs } from './login-flag-rows';
import {
  getLoginModes,
  LoginMethodTabs,
  loginFieldProps,
  SmsLoginFields,
  UsernameLoginFields,
} from './login-method-fields';
import { LoginRememberRow } from './login-remember-row';

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
  const modes = getLoginModes(flags);
  const remember = useRememberMe(initial);
  const [tab, setTab] = useState(remember.mode);
  const mode: TLoginMode = modes.includes(tab) ? tab : (modes[0] ?? 'username');
  const login = useLoginSubmit({ portal, initial, onFinished, keep: remember.keep });
  // Docs/adr/0031: when the captcha is due from this address it shows with the form at once.
  const challenge = useLoginChallenge(mode === 'username');
  const captchaShown =
    login.captchaByFailure || flags?.showCaptcha === true || challenge.data?.captcha === true;
  const schema = useMemo(() => loginSchema({ mode, captchaShown }), [mode, captchaShown]);
  const account = useAccountForm<TLoginFields>({
    defaultValues: remember.values,
    // The values as typed: the login sequence trims them itself (it also serves the header form).
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const { form } = account;
  const [captchaId, setCaptchaId] = useState<string | null>(null);
  /** The form is working (call, forced change, member info, free play): the buttons wait. */
  const busy = form.formState.isSubmitting || login.freePlaying;

  if (login.twoFactor) {
    const { ticket, ...used } = login.twoFactor;
    return (
      <TwoFactorStep
        ticket={ticket}
        onCancel={login.cancelTwoFactor}
        onDone={(result) => login.finish(result, used)}
      />
    );
  }

  const send = form.handleSubmit((fields) =>
    login.submit({ ...fields, mode }, { captchaShown, captchaId }, (errors) => {
      for (const [field, key] of Object.entries(errors))
        form.setError(field as keyof TLoginFields, { message: key });
    }),
  );

  return (
    <form
      className="auth-form login-form"
      onSubmit={(event) => {
        if (busy) return event.preventDefault();
        login.clearMessage();
        void send(event);
      }}
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
      <FullPageLoader visible={login.pending} />
      {login.message && (
        <p className="auth-form__message" role="alert" data-testid="login-error">
          {login.message}
        </p>
      )}
      {flags === undefined && <PendingMethodTabs idBase={idBase} />}
      <LoginMethodTabs
        modes={modes}
        mode={mode}
        idBase={idBase}
        onChange={(next) => {
          setTab(next);
          form.clearErrors();
        }}
      >
        {mode === 'sms' ? (
          <SmsLoginFields account={account} />
        ) : (
          <UsernameLoginFields account={account} autoFocus={autoFocus && !login.captchaByFailure} />
        )}
      </LoginMethodTabs>
      {captchaShown && (
        <CaptchaField
          {...loginFieldProps(account, t, 'captcha')}
          onCaptchaId={setCaptchaId}
          refreshSignal={login.captchaRefresh}
          autoFocus={login.captchaByFailure}
        />
      )}
      <LoginRememberRow remember={remember} onLeave={onLeave} />
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
        <LoginOptionRows
          flags={flags}
          portal={portal}
          busy={busy}
          onLeave={onLeave}
          onFreePlay={() => {
            if (!busy) void login.freePlay();
          }}
        />
      </div>
    </form>
  );
}
