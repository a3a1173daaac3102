import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { paths } from '@/config/paths';
import { useWhitelabel } from '@/api/get-whitelabel';
import { isApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { Button } from '@/components/ui/button/button';
import { CountryCodePicker } from '@/components/ui/country-code-picker/country-code-picker';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { FullPageLoader } from '@/components/ui/full-page-loader/full-page-loader';
import { Skeleton } from '@/components/ui/skeleton/skeleton';
import { TabPanel, Tabs } from '@/components/ui/tabs/tabs';
import { postLogin } from '../login/api/post-login';
import { useLoginActions } from '../login/use-login-actions';
import { verifyWithSlider } from '../verification/slider-store';
import { SmsCodeButton } from '../verification/sms-code-button';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { useRegisterSettings } from '@/api/get-register-settings';
import { describedBy, FormField } from '../register/form-field';
import { fieldErrorText, patternText, type FieldError } from '../register/register-rules';
import { useForgotByEmailMutation } from './api/post-forgot-by-email';
import { useResetByPhoneMutation } from './api/post-forgot-by-phone';
import {
  getDefaultForgotTab,
  getForgotTabs,
  getMobileRule,
  passwordHint,
  validateEmailForm,
  validateMobile,
  validatePhoneForm,
  type EmailForm,
  type ForgotTab,
  type PhoneForm,
} from './forgot-rules';
import '../register/accounts-form.css';

export type ForgotFormProps = {
  /** The contact list under the forms (2.FGT.03), supplied by the app (another feature). */
  contactList?: ReactNode;
  /** Email sent (4.PWR.03): the modal closes. */
  onEmailSent?: () => void;
  /** Logged in after a phone reset (4.PWR.02): the modal closes (the form then goes home). */
  onLoggedIn?: () => void;
};

/**
 * The forgot-password forms (2.FGT): an email tab, and a mobile tab only when CHNGPASSVERIF3 is on
 * (then the default), with the contact list below. Used by /forget and the forget-password modal.
 */
export function ForgotForm(props: ForgotFormProps) {
  const { t } = useTranslation(['auth-forgot', 'ui']);
  const flags = useWhitelabel();
  const rules = useRegisterSettings();
  let body: ReactNode;
  if (flags.isError || rules.isError) {
    body = (
      <div className="acc-form" data-testid="forgot-form-error">
        <p className="acc-form__message" role="alert">
          {getErrorText(flags.error ?? rules.error)}
        </p>
        <Button
          onClick={() => {
            void flags.refetch();
            void rules.refetch();
          }}
        >
          {t('ui:retry')}
        </Button>
      </div>
    );
  } else if (!flags.data || !rules.data) {
    body = (
      <div className="acc-form forgot__loading" aria-busy="true" data-testid="forgot-form-loading">
        <Skeleton height={40} />
        <Skeleton height={44} count={2} />
      </div>
    );
  } else {
    body = <ForgotTabs {...props} flags={flags.data} rules={rules.data} />;
  }
  return (
    <div className="forgot" data-testid="forgot-form">
      {body}
      {props.contactList && (
        <div className="forgot__contacts">
          <h3 className="forgot__contacts-title">{t('contact_title')}</h3>
          {props.contactList}
        </div>
      )}
    </div>
  );
}

function ForgotTabs({ flags, rules, onEmailSent, onLoggedIn }: ForgotFormProps & { flags: TWhitelabel; rules: TRegisterSettings }) {
  const { t } = useTranslation('auth-forgot');
  const idBase = useId();
  const tabs = getForgotTabs(flags);
  const [tab, setTab] = useState<ForgotTab>(() => getDefaultForgotTab(flags));
  const current = tabs.includes(tab) ? tab : 'email';
  const panel = current === 'mobile' ? <PhoneTab rules={rules} onLoggedIn={onLoggedIn} /> : <EmailTab onSent={onEmailSent} />;
  if (tabs.length < 2) return panel;
  return (
    <div className="acc-tabs" data-testid="forgot-tabs-wrap">
      <Tabs
        items={tabs.map((key) => ({ key, label: t(`tabs.${key}`) }))}
        value={current}
        onChange={setTab}
        label={t('tabs.label')}
        idBase={`${idBase}-tabs`}
        className="acc-form__tabs"
        data-testid="forgot-tabs"
      />
      <TabPanel idBase={`${idBase}-tabs`} tabKey={current}>
        {panel}
      </TabPanel>
    </div>
  );
}

type Errors<K extends string> = Partial<Record<K, FieldError>>;

// ---------- email tab (3.LOG.07, 4.PWR.03, decision 5.FGP.04) ----------
function EmailTab({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation(['auth-forgot', 'auth-register', 'errors', 'ui']);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<EmailForm>({ username: '', email: '' });
  const [errors, setErrors] = useState<Errors<keyof EmailForm>>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const forgotByEmail = useForgotByEmailMutation();

  const label = (field: keyof EmailForm) => t(`fields.${field}`);
  const errorText = (field: keyof EmailForm) => {
    const e = errors[field];
    return e ? fieldErrorText(t, e, label(field)) : undefined;
  };
  const set = (field: keyof EmailForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errs = validateEmailForm(values);
    if (Object.keys(errs).length > 0) {
      setErrors(errs);
      formRef.current?.querySelector<HTMLElement>(`[data-field="${Object.keys(errs)[0]}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await forgotByEmail.mutateAsync(values);
      setSent(true);
      // Issue 11 (docs/adr/0033): one true message, once: the link was sent. In the modal (which
      // closes) it is a toast; on the page it is the line under the form.
      if (onSent) {
        notify.success(t('email_sent'));
        onSent();
      }
    } catch (error) {
      void showDialog({ icon: 'warning', html: escapeHtml(getErrorText(error)), buttons: [{ label: t('ui:ok'), variant: 'primary' }] });
    } finally {
      setBusy(false);
    }
  };

  const input = (field: keyof EmailForm, type: string, autoComplete: string) => {
    const fid = `${id}-${field}`;
    const error = errorText(field);
    return (
      <FormField id={fid} label={label(field)} required error={error} testId={`forgot-field-${field}`}>
        <input
          id={fid}
          className="acc-input"
          type={type}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={field === 'email' ? 120 : 60}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-required
          aria-describedby={describedBy(fid, { error })}
          data-field={field}
          data-testid={`forgot-input-${field}`}
        />
      </FormField>
    );
  };

  return (
    <form ref={formRef} className="acc-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="forgot-email-form">
      <p className="acc-field__hint">{t('email_intro')}</p>
      {input('username', 'text', 'username')}
      {input('email', 'email', 'email')}
      {sent && (
        <p className="acc-form__message acc-form__message--ok" role="status" data-testid="forgot-email-sent">
          {t('email_sent')}
        </p>
      )}
      <Button type="submit" variant="primary" className="acc-form__submit" disabled={busy} data-testid="forgot-email-submit">
        {t('email_submit')}
      </Button>
    </form>
  );
}

// ---------- mobile tab (3.LOG.08, 4.PWR.01/02, 5.FGP.01-03) ----------
function PhoneTab({ rules, onLoggedIn }: { rules: TRegisterSettings; onLoggedIn?: () => void }) {
  const { t } = useTranslation(['auth-forgot', 'auth-register', 'errors', 'ui']);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const { complete } = useLoginActions();
  const [values, setValues] = useState<PhoneForm>({ countryDialingCode: '', mobileNum: '', verificationCode: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors<keyof PhoneForm>>({});
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const resetByPhone = useResetByPhoneMutation();

  const label = (field: keyof PhoneForm) => t(`fields.${field}`);
  const errorText = (field: keyof PhoneForm) => {
    const e = errors[field];
    return e ? fieldErrorText(t, e, label(field)) : undefined;
  };
  const set = (field: keyof PhoneForm, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const focus = (field: string) => formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus();

  const checkMobile = () => {
    const error = validateMobile(values, rules);
    setErrors((e) => ({ ...e, mobileNum: error ?? undefined }));
    if (error) focus('mobileNum');
    return !error;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const errs = validatePhoneForm(values, rules);
    if (Object.keys(errs).length > 0) {
      setErrors(errs);
      focus(Object.keys(errs)[0]!);
      return;
    }
    setBusy(true);
    let resetDone = false;
    try {
      // The login after the reset needs the slider (4.LOGIN.01): it is solved before the reset, so
      // the member is asked once and the new password is never left unused by a cancelled puzzle.
      const sliderToken = await verifyWithSlider();
      if (!sliderToken) return;
      setSubmitting(true);
      const username = await resetByPhone.mutateAsync({
        mobileNum: values.mobileNum.trim(),
        countryDialingCode: values.countryDialingCode.trim(),
        verificationCode: values.verificationCode.trim(),
        newPassword: values.newPassword,
      });
      resetDone = true;
      // 4.PWR.01/02: logged in with the new password; the login sequence then stores the session,
      // loads member info and goes home (or asks for a forced change first, as any login would).
      const result = await postLogin({ username, password: values.newPassword, type: 'username', sliderToken });
      if (!result.token) throw new Error('second factor needed');
      setSubmitting(false);
      onLoggedIn?.();
      notify.success(t('phone_done'));
      await complete(result, { portal: 'member', username, password: values.newPassword });
    } catch (error) {
      if (resetDone) {
        // The password is changed; only the automatic login did not go through (e.g. two-factor).
        notify.info(t('phone_done_login'));
        onLoggedIn?.();
        void navigate(paths.login.getHref());
      } else if (isApiError(error) && error.details.fields && Object.keys(error.details.fields).length > 0) {
        const server: Errors<keyof PhoneForm> = {};
        for (const [field, reason] of Object.entries(error.details.fields)) {
          const key = (field === 'countryDialingCode' ? 'mobileNum' : field) as keyof PhoneForm;
          server[key] = {
            reason,
            ...(key === 'newPassword' ? { rule: { ...rules.password, enabled: true, required: true } } : {}),
            ...(key === 'mobileNum' ? { rule: getMobileRule(rules) } : {}),
          };
        }
        setErrors(server);
        focus(Object.keys(server)[0]!);
      } else {
        void showDialog({ icon: 'warning', html: escapeHtml(getErrorText(error)), buttons: [{ label: t('ui:ok'), variant: 'primary' }] });
      }
    } finally {
      setBusy(false);
      setSubmitting(false);
    }
  };

  const fid = (field: keyof PhoneForm) => `${id}-${field}`;
  const control = (field: 'verificationCode' | 'newPassword' | 'confirmPassword', hint?: string) => {
    const error = errorText(field);
    const isCode = field === 'verificationCode';
    const input = (
      <input
        id={fid(field)}
        className="acc-input"
        type={isCode ? 'text' : 'password'}
        inputMode={isCode ? 'numeric' : undefined}
        autoComplete={isCode ? 'one-time-code' : 'new-password'}
        maxLength={isCode ? 10 : 128}
        value={values[field]}
        onChange={(e) => set(field, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-required
        aria-describedby={describedBy(fid(field), { error, hint })}
        data-field={field}
        data-testid={`forgot-input-${field}`}
      />
    );
    return (
      <FormField id={fid(field)} label={label(field)} required error={error} hint={hint} testId={`forgot-field-${field}`}>
        {isCode ? (
          <div className="acc-row">
            {input}
            <SmsCodeButton
              endpoint="noLogin"
              mobileNum={values.mobileNum}
              countryDialingCode={values.countryDialingCode}
              validate={checkMobile}
              data-testid="forgot-sms-button"
            />
          </div>
        ) : (
          input
        )}
      </FormField>
    );
  };

  const mobileError = errorText('mobileNum');
  const mobileHint = patternText(t, getMobileRule(rules));
  return (
    <form ref={formRef} className="acc-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="forgot-phone-form">
      <FormField id={fid('mobileNum')} label={label('mobileNum')} required error={mobileError} hint={mobileHint} testId="forgot-field-mobileNum">
        <div className="acc-row">
          <CountryCodePicker
            initialCode={values.countryDialingCode}
            onChange={(code) => set('countryDialingCode', code)}
            data-testid="forgot-country-code"
          />
          <input
            id={fid('mobileNum')}
            className="acc-input"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={20}
            value={values.mobileNum}
            onChange={(e) => set('mobileNum', e.target.value)}
            aria-invalid={mobileError ? true : undefined}
            aria-required
            aria-describedby={describedBy(fid('mobileNum'), { error: mobileError, hint: mobileHint })}
            data-field="mobileNum"
            data-testid="forgot-input-mobileNum"
          />
        </div>
      </FormField>
      {control('verificationCode')}
      {control('newPassword', passwordHint(t, rules))}
      {control('confirmPassword')}
      <Button type="submit" variant="primary" className="acc-form__submit" disabled={busy} data-testid="forgot-phone-submit">
        {t('phone_submit')}
      </Button>
      <FullPageLoader visible={submitting} label={t('submitting')} />
    </form>
  );
}
