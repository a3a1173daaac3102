import { zodResolver } from '@hookform/resolvers/zod';
import { ZConsoleSignIn, ZOpsPassword, type TConsoleSignInStep } from '@lotus/contracts/ops-console';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import { PAGES } from '@/config/paths';
import { ApiError, errorCodeOf } from '@/lib/api';
import { meQueryOptions, useMe } from '@/lib/session';
import { confirmSecondFactor, signIn } from './api';

type TPasswordStep = z.infer<typeof ZConsoleSignIn>;
const ZCodeStep = z.object({ code: z.string().regex(/^[0-9]{6}$/), newPassword: z.string(), confirm: z.string() });
type TCodeStep = z.infer<typeof ZCodeStep>;

function FailureText({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const wait = error instanceof ApiError ? error.details.hints?.retryAfterSeconds : undefined;
  return (
    <p role="alert" className="field-error">
      {t(`errors:${errorCodeOf(error)}`)}
      {wait ? ` ${t('auth:retryAfter', { seconds: wait })}` : ''}
    </p>
  );
}

/**
 * Console sign-in (docs/adr/0043): username and password, then the authenticator code. At the
 * first sign-in (or after a credential reset) the second step shows the new secret as a QR code
 * and as a key to type, and asks for a new password when the admin reset it.
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [step, setStep] = useState<TConsoleSignInStep | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const passwordForm = useForm<TPasswordStep>({ resolver: zodResolver(ZConsoleSignIn), defaultValues: { username: '', password: '' } });
  const codeForm = useForm<TCodeStep>({
    resolver: zodResolver(
      ZCodeStep.superRefine((v, ctx) => {
        if (!step?.mustChangePassword) return;
        if (!ZOpsPassword.safeParse(v.newPassword).success) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'short' });
        if (v.newPassword !== v.confirm) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
      }),
    ),
    defaultValues: { code: '', newPassword: '', confirm: '' },
  });

  if (me.data) return <Navigate to={PAGES.dashboard.path} replace />;

  const submitPassword = passwordForm.handleSubmit(async (values) => {
    setFailure(null);
    try {
      setStep(await signIn(values));
    } catch (error) {
      setFailure(error);
    }
  });

  const submitCode = codeForm.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await confirmSecondFactor({
        code: values.code,
        ...(step?.mustChangePassword ? { newPassword: values.newPassword } : {}),
      });
      await client.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      void navigate(PAGES.dashboard.path, { replace: true });
    } catch (error) {
      // The password step expired or was spent: start again.
      if (error instanceof ApiError && error.code === 'unauthorized') setStep(null);
      setFailure(error);
    }
  });

  const errors = codeForm.formState.errors;
  return (
    <main className="sign-in" id="main">
      <h1>{t('title')}</h1>
      {!step ? (
        <form onSubmit={(e) => void submitPassword(e)} noValidate aria-describedby="sign-in-help">
          <p id="sign-in-help">{t('intro')}</p>
          <label htmlFor="username">{t('username')}</label>
          <input id="username" autoComplete="username" autoCapitalize="none" {...passwordForm.register('username')} />
          <label htmlFor="password">{t('password')}</label>
          <input id="password" type="password" autoComplete="current-password" {...passwordForm.register('password')} />
          {passwordForm.formState.errors.username || passwordForm.formState.errors.password ? (
            <p className="field-error">{t('fillBoth')}</p>
          ) : null}
          <FailureText error={failure} />
          <button type="submit" className="primary" disabled={passwordForm.formState.isSubmitting}>
            {t('continue')}
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void submitCode(e)} noValidate>
          {step.enrolment ? (
            <section aria-labelledby="enrol-title" className="enrol">
              <h2 id="enrol-title">{t('enrolTitle')}</h2>
              <p>{t('enrolIntro')}</p>
              <img src={step.enrolment.qrDataUrl} alt={t('qrAlt')} width={220} height={220} />
              <p>
                {t('enrolKey')} <code data-testid="totp-secret">{step.enrolment.secret}</code>
              </p>
            </section>
          ) : (
            <p>{t('codeIntro')}</p>
          )}
          <label htmlFor="code">{t('code')}</label>
          <input
            id="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            aria-invalid={!!errors.code}
            {...codeForm.register('code')}
          />
          {errors.code ? <p className="field-error">{t('codeFormat')}</p> : null}
          {step.mustChangePassword ? (
            <>
              <p>{t('newPasswordIntro')}</p>
              <label htmlFor="new-password">{t('newPassword')}</label>
              <input id="new-password" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...codeForm.register('newPassword')} />
              {errors.newPassword ? <p className="field-error">{t('passwordRule')}</p> : null}
              <label htmlFor="confirm-password">{t('confirmPassword')}</label>
              <input id="confirm-password" type="password" autoComplete="new-password" aria-invalid={!!errors.confirm} {...codeForm.register('confirm')} />
              {errors.confirm ? <p className="field-error">{t('mismatch')}</p> : null}
            </>
          ) : null}
          <FailureText error={failure} />
          <button type="submit" className="primary" disabled={codeForm.formState.isSubmitting}>
            {t('signIn')}
          </button>
        </form>
      )}
    </main>
  );
}
