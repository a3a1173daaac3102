import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button/button';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { getErrorText } from '@/lib/error-text';
import { Field } from '../../login/components/field';
import { useTwoFactorSetupMutation, type TTotpSetup } from '../api/post-two-factor-setup';
import { useEnableTwoFactorMutation } from '../api/post-two-factor-enable';
import { useDisableTwoFactorMutation } from '../api/delete-two-factor';
import { normalizeSecondFactorCode } from './two-factor-step';
import '../../login/login.css';

type Stage =
  | { kind: 'idle' }
  | { kind: 'enrolling'; setup: TTotpSetup }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disabling' };

/**
 * Two-factor login in the member centre (decision 2.OTH.07): enrol (setup -> QR code and secret ->
 * the current password and a code from the app -> enable -> the 10 recovery codes, shown once),
 * or turn it off with the current password and a code. Both end the member's other sessions
 * (docs/adr/0020).
 */
export function TwoFactorSettings({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('auth-login');
  const setupTwoFactor = useTwoFactorSetupMutation();
  const enableTwoFactor = useEnableTwoFactorMutation();
  const disableTwoFactor = useDisableTwoFactorMutation();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  const run = async (work: () => Promise<void>) => {
    if (pending) return;
    setPending(true);
    setError('');
    try {
      await work();
    } catch (e) {
      // A wrong current password belongs under the password field; anything else under the code.
      if (isApiError(e) && e.code === 'current_password_incorrect') setPasswordError(getErrorText(e));
      else setError(getErrorText(e));
    } finally {
      setPending(false);
    }
  };

  const reset = () => {
    setCode('');
    setPassword('');
    setPasswordError('');
  };

  const start = () =>
    run(async () => {
      const setup = await setupTwoFactor.mutateAsync();
      reset();
      setStage({ kind: 'enrolling', setup });
    });

  /** The code and the current password, or null (with the messages shown) when one is missing. */
  const checkInput = (): { code: string; password: string } | null => {
    const value = normalizeSecondFactorCode(code);
    const missingPassword = password === '';
    setPasswordError(missingPassword ? t('two_factor.password_required') : '');
    if (value.length < 6) {
      setError(t('two_factor.code_required'));
      return null;
    }
    if (missingPassword) return null;
    return { code: value, password };
  };

  const enable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = checkInput();
    if (!input) return;
    void run(async () => {
      const codes = await enableTwoFactor.mutateAsync(input);
      reset();
      setStage({ kind: 'codes', codes });
      notify.success(t('two_factor.enabled_toast'));
    });
  };

  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = checkInput();
    if (!input) return;
    void run(async () => {
      await disableTwoFactor.mutateAsync(input);
      reset();
      setStage({ kind: 'idle' });
      notify.success(t('two_factor.disabled_toast'));
    });
  };

  const codeField = (
    <Field
      label={t('two_factor.code')}
      value={code}
      onChange={(v) => {
        setCode(v);
        setError('');
      }}
      error={error || undefined}
      inputMode="text"
      autoComplete="one-time-code"
      maxLength={20}
      data-testid="two-factor-settings-code"
    />
  );

  const passwordField = (
    <Field
      label={t('two_factor.password')}
      type="password"
      revealable
      autoComplete="current-password"
      maxLength={128}
      value={password}
      onChange={(v) => {
        setPassword(v);
        setPasswordError('');
      }}
      error={passwordError || undefined}
      data-testid="two-factor-settings-password"
    />
  );

  if (stage.kind === 'codes') {
    return (
      <div className="acct-2fa" data-testid="two-factor-recovery">
        <p className="acct-note">{t('two_factor.codes_text')}</p>
        <ul className="acct-2fa__codes" data-testid="two-factor-recovery-codes">
          {stage.codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
        <div className="acct-2fa__row">
          <Button
            onClick={() => {
              void navigator.clipboard?.writeText(stage.codes.join('\n')).then(
                () => notify.success(t('two_factor.copied')),
                () => undefined,
              );
            }}
          >
            {t('two_factor.copy')}
          </Button>
          <Button variant="primary" onClick={() => setStage({ kind: 'idle' })} data-testid="two-factor-codes-done">
            {t('two_factor.codes_done')}
          </Button>
        </div>
      </div>
    );
  }

  if (stage.kind === 'enrolling') {
    const { setup } = stage;
    return (
      <form className="acct-2fa" onSubmit={enable} noValidate data-testid="two-factor-enrol">
        <p className="acct-note">{t('two_factor.scan_text')}</p>
        <div className="acct-2fa__qr">
          <img src={`data:image/png;base64,${setup.qrPng}`} alt={t('two_factor.qr_alt')} width={180} height={180} data-testid="two-factor-qr" />
          <div>
            <p className="acct-note">{t('two_factor.secret_label')}</p>
            {/* Issue 11: the key in groups of four (easier to type into an app), with a copy button. */}
            <p className="acct-2fa__secret" data-testid="two-factor-secret">
              {setup.secret.match(/.{1,4}/g)?.map((group, i) => (
                <span key={i} className="acct-2fa__group">
                  {group}
                </span>
              ))}
            </p>
            <Button
              variant="secondary"
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(setup.secret)
                  .then(() => notify.success(t('two_factor.secret_copied')))
                  .catch(() => undefined)
              }
              data-testid="two-factor-copy"
            >
              {t('two_factor.copy_secret')}
            </Button>
          </div>
        </div>
        <p className="acct-note">{t('two_factor.password_note')}</p>
        <div className="acct-2fa__row">
          {passwordField}
          {codeField}
          <Button type="submit" variant="primary" disabled={pending} data-testid="two-factor-enable">
            {t('two_factor.enable')}
          </Button>
          <Button onClick={() => setStage({ kind: 'idle' })}>{t('form.cancel')}</Button>
        </div>
      </form>
    );
  }

  if (stage.kind === 'disabling') {
    return (
      <form className="acct-2fa" onSubmit={disable} noValidate data-testid="two-factor-disable-form">
        <p className="acct-note">{t('two_factor.disable_text')}</p>
        <p className="acct-note">{t('two_factor.password_note')}</p>
        <div className="acct-2fa__row">
          {passwordField}
          {codeField}
          <Button type="submit" variant="danger" disabled={pending} data-testid="two-factor-disable-confirm">
            {t('two_factor.disable')}
          </Button>
          <Button onClick={() => setStage({ kind: 'idle' })}>{t('form.cancel')}</Button>
        </div>
      </form>
    );
  }

  return (
    <div className="acct-2fa" data-testid="two-factor-settings" data-enabled={enabled}>
      <p className="acct-note">{enabled ? t('two_factor.status_on') : t('two_factor.status_off')}</p>
      {error && (
        <p className="auth-form__message" role="alert">
          {error}
        </p>
      )}
      <div className="acct-2fa__row">
        {enabled ? (
          <Button
            variant="danger"
            onClick={() => {
              reset();
              setStage({ kind: 'disabling' });
            }}
            data-testid="two-factor-disable"
          >
            {t('two_factor.disable')}
          </Button>
        ) : (
          <Button variant="primary" onClick={() => void start()} disabled={pending} data-testid="two-factor-start">
            {t('two_factor.start')}
          </Button>
        )}
      </div>
    </div>
  );
}
