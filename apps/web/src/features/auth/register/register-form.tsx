import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@lotus/contracts/auth';
import type { TRegisterField, TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
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
import { verifyWithSlider } from '../verification/slider-store';
import { SmsCodeButton } from '../verification/sms-code-button';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { checkAffiliate, useAffiliateCheck } from './api/check-affiliate';
import { useRegisterSettings } from '@/api/get-register-settings';
import { useRegisterMutation, type TRegisterInput } from './api/post-register';
import { describedBy, FormField } from './form-field';
import {
  fieldErrorText,
  fromServerFields,
  getDefaultTab,
  getEffectiveRules,
  getTabs,
  getVisibleFields,
  hintText,
  needsSmsCode,
  splitRequiredFields,
  toBirthdayValue,
  validateField,
  validateRegisterForm,
  type FieldErrors,
  type FormField as TFormField,
  type FormValues,
  type RegisterTab,
} from './register-rules';
import { markRegistered } from './next-step';
import './accounts-form.css';

export type RegisterFormProps = {
  /** 2.RGP.02: the member-referral code from the query string. */
  referralCode?: string | null;
  /** Decision 4.AFF.04: the agent code from the URL parameter `affiliateCode`. */
  affiliateCode?: string | null;
  /** After a successful registration (logged in, member info loaded): close / go home. */
  onRegistered: (result: TLoginResult) => void;
  /** A link in the form was followed (the popup closes). */
  onNavigate?: () => void;
};

/**
 * The registration form (2.RGP, 4.REG): loads the site flags and the field rules, then renders
 * the tabs and fields they call for. Used by the /register page and the registration popup.
 */
export function RegisterForm(props: RegisterFormProps) {
  const { t } = useTranslation(['auth-register', 'ui']);
  const flags = useWhitelabel();
  const rules = useRegisterSettings();
  if (flags.isError || rules.isError) {
    return (
      <div className="acc-form" data-testid="register-form-error">
        <p className="acc-form__message" role="alert">
          {getErrorText(flags.error ?? rules.error)}
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            void flags.refetch();
            void rules.refetch();
          }}
        >
          {t('ui:retry')}
        </Button>
      </div>
    );
  }
  if (!flags.data || !rules.data) {
    return (
      <div className="acc-form" aria-busy="true" data-testid="register-form-loading">
        <Skeleton height={40} />
        <Skeleton height={44} />
        <Skeleton height={44} />
        <Skeleton height={44} />
      </div>
    );
  }
  return <RegisterFormBody {...props} flags={flags.data} rules={rules.data} />;
}

const filled = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';

/** Fields whose value is sent untrimmed. */
const SECRET_FIELDS = new Set<TFormField>(['password', 'confirmPassword', 'paymentPassword']);

function RegisterFormBody({
  referralCode,
  affiliateCode,
  onRegistered,
  onNavigate,
  flags,
  rules,
}: RegisterFormProps & { flags: TWhitelabel; rules: TRegisterSettings }) {
  const { t } = useTranslation(['auth-register', 'errors', 'ui']);
  const register = useRegisterMutation();
  const idBase = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const domain = typeof window === 'undefined' ? '' : window.location.hostname;

  const tabs = getTabs(flags);
  const [tab, setTab] = useState<RegisterTab | null>(() => getDefaultTab(flags));
  const [values, setValues] = useState<FormValues>(() => ({ referralCode: referralCode ?? '' }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [terms, setTerms] = useState(true); // 4.REG.01: ticked by default
  const [termsError, setTermsError] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  /** Issue 11: the optional fields start collapsed; an error or a prefilled code opens them. */
  const [moreOpen, setMoreOpen] = useState(() => !!referralCode);

  // 4.AFF.01-03: the URL code is checked; valid -> the field hides and the code is used.
  const urlAffiliate = useAffiliateCheck(affiliateCode ?? null, domain);
  const affiliateFromUrl = typeof urlAffiliate.data === 'string';
  const affiliatePending = !!affiliateCode && urlAffiliate.isPending;

  const effective = useMemo(() => (tab ? getEffectiveRules(rules, tab, flags) : null), [rules, tab, flags]);

  if (!tab || !effective) {
    return (
      <p className="acc-form__message" role="alert" data-testid="register-closed">
        {t('errors:registration_closed')}
      </p>
    );
  }

  const visible = getVisibleFields({ tab, rules: effective, flags, affiliateFromUrl: affiliateFromUrl || affiliatePending });
  const smsNeeded = needsSmsCode(tab, values, flags, effective);
  const groups = splitRequiredFields(visible, (field) => (field === 'verificationCode' ? tab === 'mobile' : effective[field].required));

  const fieldId = (field: string) => `${idBase}-${field}`;
  const label = (field: TFormField) => t(`fields.${field}`);
  const errorOf = (field: TFormField | 'countryDialingCode') => {
    const error = errors[field];
    return error ? fieldErrorText(t, error, label(field === 'countryDialingCode' ? 'mobileNum' : field)) : undefined;
  };
  const isRequired = (field: TFormField) => (field === 'verificationCode' ? smsNeeded : effective[field].required);

  const setValue = (field: keyof FormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field as TFormField]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  /** The values as sent: the birthday in the rule's format (the date input gives yyyy-MM-dd). */
  const formatted = (): FormValues =>
    filled(values.birthday) ? { ...values, birthday: toBirthdayValue(values.birthday, effective.birthday.patternId) } : values;

  const focusFirstError = (errs: FieldErrors) => {
    const first = Object.keys(errs)[0];
    if (!first) return;
    const field = (first === 'countryDialingCode' ? 'mobileNum' : first) as TFormField;
    if (groups.optional.includes(field) && !moreOpen) {
      // The field is inside the collapsed section: open it, then focus once it is shown.
      setMoreOpen(true);
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus());
      return;
    }
    const el = formRef.current?.querySelector<HTMLElement>(`[data-field="${first === 'countryDialingCode' ? 'mobileNum' : first}"]`);
    el?.focus();
  };

  const validateMobile = (): boolean => {
    const error =
      validateField('mobileNum', { ...values, mobileNum: values.mobileNum ?? '' }, { ...effective, mobileNum: { ...effective.mobileNum, required: true } }) ??
      (filled(values.countryDialingCode) ? null : { reason: 'required' });
    setErrors((e) => ({ ...e, mobileNum: error ?? undefined }));
    if (error) focusFirstError({ mobileNum: error });
    return !error;
  };

  const buildPayload = (v: FormValues, affiliate: string | undefined, sliderToken: string): TRegisterInput => {
    const payload: Record<string, unknown> = {};
    for (const field of visible) {
      if (field === 'affiliateCode' || field === 'referralCode') continue;
      if (field === 'verificationCode' && !smsNeeded) continue;
      const value = v[field];
      if (!filled(value)) continue;
      payload[field] = SECRET_FIELDS.has(field) ? value : value.trim();
    }
    if (filled(v.mobileNum) && filled(v.countryDialingCode)) payload.countryDialingCode = v.countryDialingCode.trim();
    const referral = effective.referralCode.enabled ? v.referralCode : referralCode;
    return {
      ...(payload as Partial<TRegisterInput>),
      ...(affiliate ? { affiliateCode: affiliate } : {}),
      ...(filled(referral) ? { referralCode: referral.trim() } : {}),
      registerUrl: window.location.href.slice(0, 1000),
      domain,
      acceptTerms: true,
      sliderToken,
    };
  };

  const warn = (html: string, confirmLabel = t('ui:ok')) =>
    showDialog({ icon: 'warning', html, buttons: [{ label: confirmLabel, variant: 'primary' }] });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // 4.REG.02: the terms first.
    if (!terms) {
      setTermsError(true);
      formRef.current?.querySelector<HTMLElement>('[data-field="acceptTerms"]')?.focus();
      return;
    }
    // 4.REG.03: the fields.
    const v = formatted();
    const errs = validateRegisterForm(v, { tab, rules: effective, flags, affiliateFromUrl });
    if (Object.keys(errs).length > 0) {
      setErrors(errs);
      focusFirstError(errs);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      // 4.REG.04: the affiliate code, when its field is shown and filled.
      let affiliate: string | undefined;
      if (affiliateFromUrl) affiliate = urlAffiliate.data ?? undefined;
      else if (effective.affiliateCode.enabled && filled(v.affiliateCode)) {
        const checked = await checkAffiliate(v.affiliateCode, domain);
        if (!checked) {
          setErrors({ affiliateCode: { reason: 'invitation_code_error' } });
          await warn(escapeHtml(t('errors:invitation_code_error')), t('ui:confirm'));
          return;
        }
        affiliate = checked;
      }
      // 4.REG.05: the slider.
      const sliderToken = await verifyWithSlider();
      if (!sliderToken) return;
      // 4.REG.07: the account, logged in at once.
      setSubmitting(true);
      const result = await register.mutateAsync({ tab, input: buildPayload(v, affiliate, sliderToken) });
      notify.success(t('success'));
      markRegistered();
      onRegistered(result);
    } catch (error) {
      if (isApiError(error) && error.details.fields && Object.keys(error.details.fields).length > 0) {
        const server = fromServerFields(error.details.fields, effective);
        if ((server as Record<string, unknown>).acceptTerms) setTermsError(true);
        setErrors(server);
        focusFirstError(server);
        if (error.code === 'invitation_code_error') await warn(escapeHtml(t('errors:invitation_code_error')), t('ui:confirm'));
      } else if (isApiError(error) && error.code === 'terms_required') {
        setTermsError(true);
      } else {
        await warn(escapeHtml(getErrorText(error)));
      }
    } finally {
      setBusy(false);
      setSubmitting(false);
    }
  };

  const renderControl = (field: TFormField): ReactNode => {
    const id = fieldId(field);
    const error = errorOf(field);
    const hint = hintText(t, field, effective);
    const common = {
      id,
      className: 'acc-input',
      'data-field': field,
      'data-testid': `register-input-${field}`,
      'aria-invalid': error ? true : undefined,
      'aria-required': isRequired(field) || undefined,
      'aria-describedby': describedBy(id, { error, hint }),
    } as const;
    const text = (type: string, autoComplete: string, extra: Record<string, unknown> = {}) => (
      <input
        {...common}
        type={type}
        autoComplete={autoComplete}
        value={values[field] ?? ''}
        onChange={(e) => setValue(field, e.target.value)}
        maxLength={field === 'verificationCode' ? 10 : effective[field as TRegisterField]?.maxLength}
        {...extra}
      />
    );
    let control: ReactNode;
    switch (field) {
      case 'username':
        control = text('text', 'username', { autoCapitalize: 'none', spellCheck: false });
        break;
      case 'password':
      case 'confirmPassword':
        control = text('password', 'new-password');
        break;
      case 'paymentPassword':
        control = text('password', 'off', { inputMode: effective.paymentPassword.patternId === 3 ? 'numeric' : undefined });
        break;
      case 'email':
        control = text('email', 'email', { autoCapitalize: 'none', spellCheck: false });
        break;
      case 'payeeName':
        control = text('text', 'name', { autoCapitalize: 'characters' });
        break;
      case 'birthday':
        control = (
          <input
            {...common}
            type="date"
            autoComplete="bday"
            value={values.birthday ?? ''}
            max={new Date().toISOString().slice(0, 10)}
            onChange={(e) => setValue('birthday', e.target.value)}
          />
        );
        break;
      case 'idNumber':
      case 'qqNum':
        control = text('text', 'off', { inputMode: effective[field].patternId === 3 ? 'numeric' : undefined });
        break;
      case 'mobileNum': {
        const codeError = errorOf('countryDialingCode');
        control = (
          <div className="acc-row">
            <CountryCodePicker
              initialCode={values.countryDialingCode}
              onChange={(code) => setValue('countryDialingCode', code)}
              invalid={!!codeError}
              data-testid="register-country-code"
            />
            {text('tel', 'tel-national', { inputMode: 'numeric' })}
          </div>
        );
        break;
      }
      case 'verificationCode':
        control = (
          <div className="acc-row">
            {text('text', 'one-time-code', { inputMode: 'numeric' })}
            <SmsCodeButton
              endpoint="register"
              mobileNum={values.mobileNum ?? ''}
              countryDialingCode={values.countryDialingCode ?? ''}
              validate={validateMobile}
              data-testid="register-sms-button"
            />
          </div>
        );
        break;
      default:
        control = text('text', 'off', { autoCapitalize: 'none', spellCheck: false });
    }
    return (
      <FormField
        key={field}
        id={id}
        label={label(field)}
        required={isRequired(field)}
        error={error ?? (field === 'mobileNum' ? errorOf('countryDialingCode') : undefined)}
        hint={hint}
        testId={`register-field-${field}`}
      >
        {control}
      </FormField>
    );
  };

  const form = (
    <form ref={formRef} className="acc-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="register-form" data-tab={tab}>
      {groups.required.map(renderControl)}
      {groups.optional.length > 0 && (
        <details
          className="acc-more"
          open={moreOpen}
          onToggle={(e) => setMoreOpen(e.currentTarget.open)}
          data-testid="register-optional"
        >
          <summary className="acc-more__summary">{t('optional_section')}</summary>
          <div className="acc-more__body">{groups.optional.map(renderControl)}</div>
        </details>
      )}
      <div className="acc-field">
        <label className="acc-terms">
          <input
            type="checkbox"
            checked={terms}
            onChange={(e) => {
              setTerms(e.target.checked);
              if (e.target.checked) setTermsError(false);
            }}
            data-field="acceptTerms"
            aria-invalid={termsError || undefined}
            aria-describedby={termsError ? `${idBase}-terms-error` : undefined}
            data-testid="register-terms"
          />
          <span>
            {t('terms.prefix')}{' '}
            <Link to={paths.help.getHref('term')} target="_blank" rel="noopener">
              {t('terms.link')}
            </Link>
          </span>
        </label>
        {termsError && (
          <p id={`${idBase}-terms-error`} className="acc-terms__error" role="alert" data-testid="register-terms-error">
            {t('terms.error')}
          </p>
        )}
      </div>
      <Button type="submit" variant="primary" className="acc-form__submit" disabled={busy} data-testid="register-submit">
        {t('submit')}
      </Button>
      <p className="acc-form__footer">
        {t('have_account')}{' '}
        <Link to={paths.login.getHref()} onClick={onNavigate}>
          {t('login_link')}
        </Link>
      </p>
      <FullPageLoader visible={submitting} label={t('submitting')} />
    </form>
  );

  if (tabs.length < 2) return form;
  return (
    <div className="acc-tabs">
      <Tabs
        items={tabs.map((key) => ({ key, label: t(`tabs.${key}`) }))}
        value={tab}
        onChange={(next) => {
          setTab(next);
          setErrors({});
          setTermsError(false);
        }}
        label={t('tabs.label')}
        idBase={`${idBase}-tabs`}
        className="acc-form__tabs"
        data-testid="register-tabs"
      />
      <TabPanel idBase={`${idBase}-tabs`} tabKey={tab}>
        {form}
      </TabPanel>
    </div>
  );
}
