import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLoginResult } from '@lotus/contracts/auth';
import { showDialog } from '@/components/ui/dialog/dialog-store';
import { isApiError } from '@/lib/api-client';
import { escapeHtml, getErrorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import type { AccountForm } from '../use-account-form';
import { verifyWithSlider } from '../verification/slider-store';
import { checkAffiliate } from './api/check-affiliate';
import { useRegisterMutation, type TRegisterInput } from './api/post-register';
import { markRegistered } from './next-step';
import {
  filled,
  fromServerFields,
  inRuleFormats,
  type EffectiveRules,
  type FieldErrors,
  type FormField,
  type FormValues,
  type RegisterFormValues,
  type RegisterTab,
} from './register-rules';

/** Fields whose value is sent untrimmed. */
const SECRET_FIELDS = new Set<FormField>(['password', 'confirmPassword', 'paymentPassword']);

/** The form as it is when sent. */
export type TRegisterSending = {
  tab: RegisterTab;
  rules: EffectiveRules;
  visible: FormField[];
  smsNeeded: boolean;
  /** The affiliate code of the URL once checked valid (4.AFF.01), else null. */
  urlAffiliate: string | null;
};

/**
 * The sending of the registration form: its schema's check (the focus on the first error), then the
 * affiliate code (4.REG.04: the URL's, or the typed one checked now), the slider (4.REG.05; none
 * where the SMS code is the challenge, issue 25) and the
 * account, logged in at once (4.REG.07). The server's field errors go beside their fields, other
 * failures into a warning dialog (8.ERR.01-03).
 */
export function useRegisterSubmit({
  account: { submitHandler },
  referralCode,
  domain,
  onRegistered,
  errors,
}: {
  account: AccountForm<RegisterFormValues>;
  referralCode?: string | null;
  domain: string;
  onRegistered: (result: TLoginResult) => void;
  errors: {
    show: (errors: FieldErrors, options?: { focus: boolean }) => void;
    focusFirst: (fields: string[]) => void;
  };
}) {
  const { t } = useTranslation(['auth-register', 'errors', 'ui']);
  const register = useRegisterMutation();
  /** The full-page loader: shown during the registration call. */
  const [submitting, setSubmitting] = useState(false);

  const warn = (html: string, confirmLabel = t('ui:ok')) =>
    showDialog({ icon: 'warning', html, buttons: [{ label: confirmLabel, variant: 'primary' }] });

  const buildPayload = (
    v: FormValues,
    form: TRegisterSending,
    affiliate: string | undefined,
    sliderToken: string | null,
  ): TRegisterInput => {
    const payload: Record<string, unknown> = {};
    for (const field of form.visible) {
      if (field === 'affiliateCode' || field === 'referralCode') continue;
      if (field === 'verificationCode' && !form.smsNeeded) continue;
      const value = v[field];
      if (!filled(value)) continue;
      payload[field] = SECRET_FIELDS.has(field) ? value : value.trim();
    }
    if (filled(v.mobileNum) && filled(v.countryDialingCode))
      payload.countryDialingCode = v.countryDialingCode.trim();
    const referral = form.rules.referralCode.enabled ? v.referralCode : referralCode;
    return {
      ...(payload as Partial<TRegisterInput>),
      ...(affiliate ? { affiliateCode: affiliate } : {}),
      ...(filled(referral) ? { referralCode: referral.trim() } : {}),
      registerUrl: window.location.href.slice(0, 1000),
      domain,
      acceptTerms: true,
      ...(sliderToken ? { sliderToken } : {}),
    };
  };

  const submit = async (values: RegisterFormValues, form: TRegisterSending) => {
    const v = inRuleFormats(values, form.rules);
    try {
      // 4.REG.04: the affiliate code, when its field is shown and filled.
      let affiliate = form.urlAffiliate ?? undefined;
      if (form.urlAffiliate === null && form.rules.affiliateCode.enabled && filled(v.affiliateCode)) {
        const checked = await checkAffiliate(v.affiliateCode, domain);
        if (!checked) {
          errors.show({ affiliateCode: { reason: 'invitation_code_error' } }, { focus: false });
          await warn(escapeHtml(t('errors:invitation_code_error')), t('ui:confirm'));
          return;
        }
        affiliate = checked;
      }
      // 4.REG.05: the slider; where an SMS code is sent with the number, the code is the challenge
      // (it took a slider to send): no second slider (issue 25, docs/adr/0072).
      const sliderToken = form.smsNeeded ? null : await verifyWithSlider();
      if (!form.smsNeeded && !sliderToken) return;
      // 4.REG.07: the account, logged in at once.
      setSubmitting(true);
      const result = await register.mutateAsync({
        tab: form.tab,
        input: buildPayload(v, form, affiliate, sliderToken),
      });
      notify.success(t('success'));
      markRegistered({ passwordChosen: filled(v.password) });
      onRegistered(result);
    } catch (error) {
      if (isApiError(error) && error.details.fields && Object.keys(error.details.fields).length > 0) {
        errors.show(fromServerFields(error.details.fields, form.rules));
        if (error.code === 'invitation_code_error')
          await warn(escapeHtml(t('errors:invitation_code_error')), t('ui:confirm'));
      } else if (isApiError(error) && error.code === 'terms_required') {
        errors.show({ acceptTerms: { reason: 'terms_required' } }, { focus: false });
      } else {
        await warn(escapeHtml(getErrorText(error)));
      }
    } finally {
      setSubmitting(false);
    }
  };

  /** The form's onSubmit for the form as it is now (the errors it shows, the sending context). */
  const onSubmit = (sending: TRegisterSending) =>
    submitHandler(
      (values) => submit(values, sending),
      (found) => errors.focusFirst(Object.keys(found)),
    );

  return { onSubmit, submitting };
}
