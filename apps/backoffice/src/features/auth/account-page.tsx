import { zodResolver } from '@hookform/resolvers/zod';
import { ZOpsPassword } from '@lotus/contracts/ops-console';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Notice } from '@/components/states';
import { errorCodeOf } from '@/lib/api';
import { changePassword } from './api';

const ZForm = z
  .object({ currentPassword: z.string().min(1).max(128), newPassword: ZOpsPassword, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'mismatch' });

/** The operator's own password (other console sessions end; this one continues). */
export function AccountPage() {
  const { t } = useTranslation('auth');
  const [result, setResult] = useState<{ ok: boolean; error?: unknown } | null>(null);
  const form = useForm<z.infer<typeof ZForm>>({ resolver: zodResolver(ZForm), defaultValues: { currentPassword: '', newPassword: '', confirm: '' } });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword({ currentPassword, newPassword });
      setResult({ ok: true });
      form.reset();
    } catch (error) {
      setResult({ ok: false, error });
    }
  });
  return (
    <section aria-labelledby="account-title" className="narrow">
      <h1 id="account-title">{t('accountTitle')}</h1>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label htmlFor="current-password">{t('currentPassword')}</label>
        <input id="current-password" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        <label htmlFor="account-new-password">{t('newPassword')}</label>
        <input id="account-new-password" type="password" autoComplete="new-password" aria-invalid={!!errors.newPassword} {...form.register('newPassword')} />
        {errors.newPassword ? <p className="field-error">{t('passwordRule')}</p> : null}
        <label htmlFor="account-confirm">{t('confirmPassword')}</label>
        <input id="account-confirm" type="password" autoComplete="new-password" aria-invalid={!!errors.confirm} {...form.register('confirm')} />
        {errors.confirm ? <p className="field-error">{t('mismatch')}</p> : null}
        <button type="submit" className="primary" disabled={form.formState.isSubmitting}>
          {t('changePassword')}
        </button>
      </form>
      {result?.ok ? <Notice>{t('passwordChanged')}</Notice> : null}
      {result && !result.ok ? <Notice tone="error">{t(`errors:${errorCodeOf(result.error)}`)}</Notice> : null}
    </section>
  );
}
