import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button/button';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { errorOfReason, fieldErrorText } from '../register/register-rules';
import { useAccountForm } from '../use-account-form';
import { useForgotByEmailMutation } from './api/post-forgot-by-email';
import { ForgotField } from './forgot-field';
import { forgotEmailSchema, validateEmailForm, type EmailForm } from './forgot-rules';

/** The email tab (3.LOG.07, 4.PWR.03, decision 5.FGP.04): the username and the address the link goes to. */
export function ForgotEmailForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation(['auth-forgot', 'auth-register', 'errors', 'ui']);
  const id = useId();
  const [sent, setSent] = useState(false);
  const forgotByEmail = useForgotByEmailMutation();
  const { form, values, change, formRef, focus, submitHandler } = useAccountForm<EmailForm>({
    defaultValues: { username: '', email: '' },
    resolver: zodResolver(forgotEmailSchema, undefined, { raw: true }),
  });

  const send = async (sending: EmailForm) => {
    try {
      await forgotByEmail.mutateAsync(sending);
      setSent(true);
      // Issue 11 (docs/adr/0033): one true message, once: the link was sent. In the modal (which
      // closes) it is a toast; on the page it is the line under the form.
      if (onSent) {
        notify.success(t('email_sent'));
        onSent();
      }
    } catch (error) {
      void showDialog({
        icon: 'warning',
        html: escapeHtml(getErrorText(error)),
        buttons: [{ label: t('ui:ok'), variant: 'primary' }],
      });
    }
  };

  const input = (field: keyof EmailForm, type: string, autoComplete: string) => {
    const label = t(`fields.${field}`);
    const reason = form.formState.errors[field]?.message;
    return (
      <ForgotField
        id={`${id}-${field}`}
        field={field}
        label={label}
        value={values[field]}
        onChange={(value) => change(field, value)}
        error={
          reason
            ? fieldErrorText(t, errorOfReason(reason, validateEmailForm(values)[field], undefined), label)
            : undefined
        }
        type={type}
        autoComplete={autoComplete}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={field === 'email' ? 120 : 60}
      />
    );
  };

  return (
    <form
      ref={formRef}
      className="acc-form"
      noValidate
      onSubmit={submitHandler(send, (errors) => focus(Object.keys(errors)[0]!))}
      data-testid="forgot-email-form"
    >
      <p className="acc-field__hint">{t('email_intro')}</p>
      {input('username', 'text', 'username')}
      {input('email', 'email', 'email')}
      {sent && (
        <p className="acc-form__message acc-form__message--ok" role="status" data-testid="forgot-email-sent">
          {t('email_sent')}
        </p>
      )}
      <Button
        type="submit"
        variant="primary"
        className="acc-form__submit"
        disabled={form.formState.isSubmitting}
        data-testid="forgot-email-submit"
      >
        {t('email_submit')}
      </Button>
    </form>
  );
}
