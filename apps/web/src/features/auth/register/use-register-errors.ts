import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nationalNumber } from '@lotus/contracts/phone';
import type { AccountForm } from '../use-account-form';
import {
  errorOfReason,
  fieldErrorText,
  fromServerFields,
  inRuleFormats,
  validateField,
  validateRegisterForm,
  type FieldErrors,
  type FormField,
  type RegisterFormValues,
  type ValidationContext,
} from './register-rules';

/**
 * The registration form's errors beside their fields (8.ERR.03): each one's text, with the rule it
 * names; a set of them shown with the focus on the first (issue 11: one in the folded optional
 * section opens it first); and the number check of the SMS button (4.SMS.02).
 */
export function useRegisterErrors({
  account: { form, values, focus },
  context,
  optional,
  initiallyOpen,
}: {
  account: AccountForm<RegisterFormValues>;
  context: ValidationContext;
  /** The fields of the folded section. */
  optional: FormField[];
  /** Issue 11: the optional fields start folded unless a code was prefilled. */
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation('auth-register');
  const [moreOpen, setMoreOpen] = useState(initiallyOpen);
  const { rules } = context;

  const focusFirst = (fields: string[]) => {
    const first = fields[0];
    if (!first) return;
    const field = first === 'countryDialingCode' ? 'mobileNum' : first;
    if (optional.includes(field as FormField) && !moreOpen) {
      // The field is inside the folded section: open it, then focus once it is shown.
      setMoreOpen(true);
      requestAnimationFrame(() => focus(field));
      return;
    }
    focus(field);
  };

  const show = (errors: FieldErrors, { focus } = { focus: true }) => {
    for (const [field, error] of Object.entries(errors)) {
      form.setError(field as keyof RegisterFormValues, { message: error.reason });
    }
    if (focus) focusFirst(Object.keys(errors));
  };

  const shown = form.formState.errors;
  const checked =
    Object.keys(shown).length > 0 ? validateRegisterForm(inRuleFormats(values, rules), context) : {};
  /** The text of a field's error (the dialling code's names the mobile number). */
  const textOf = (field: FormField | 'countryDialingCode') => {
    const reason = shown[field]?.message;
    if (!reason) return undefined;
    const error = errorOfReason(reason, checked[field], fromServerFields({ [field]: reason }, rules)[field]);
    return fieldErrorText(t, error, t(`fields.${field === 'countryDialingCode' ? 'mobileNum' : field}`));
  };

  /** The number (required for a code) and its dialling code, before a code is sent. */
  const validateMobile = (): boolean => {
    const required = { ...rules, mobileNum: { ...rules.mobileNum, required: true } };
    const error =
      validateField('mobileNum', { ...values, mobileNum: nationalNumber(values.mobileNum ?? '') }, required) ??
      (values.countryDialingCode?.trim() ? null : { reason: 'required' });
    if (error) show({ mobileNum: error });
    else form.clearErrors('mobileNum');
    return !error;
  };

  return { moreOpen, setMoreOpen, show, focusFirst, textOf, validateMobile };
}
