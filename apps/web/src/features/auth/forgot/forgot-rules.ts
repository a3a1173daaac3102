import type { TFunction } from 'i18next';
import { z } from 'zod';
import { checkPasswordFloor, effectivePasswordRule } from '@lotus/contracts/password-floor';
import { nationalNumber } from '@lotus/contracts/phone';
import { FIELD_PATTERNS, checkField, type TFieldRule } from '@lotus/contracts/register-patterns';
import type { TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { patternText, refinedBy, SMS_CODE_RULE, type FieldError } from '../register/register-rules';

/**
 * Pure rules of the forgot-password screen (2.FGT, 5.FGP): its tabs, and the checks of each form.
 * The new password follows the password rule of the registration settings (decision 5.CPW.02,
 * as the server checks it).
 */
export type ForgotTab = 'email' | 'mobile';

/** 2.FGT.01/02: the email tab always; the mobile tab only with CHNGPASSVERIF3, and then the default. */
export function getForgotTabs(flags: Pick<TWhitelabel, 'CHNGPASSVERIF3'>): ForgotTab[] {
  return flags.CHNGPASSVERIF3 ? ['email', 'mobile'] : ['email'];
}

export function getDefaultForgotTab(flags: Pick<TWhitelabel, 'CHNGPASSVERIF3'>): ForgotTab {
  return flags.CHNGPASSVERIF3 ? 'mobile' : 'email';
}

/** The password rule for resets: the password floor AND the registration rule of `password` (docs/adr/0021). */
export function getPasswordRule(rules: Pick<TRegisterSettings, 'password'>): TFieldRule {
  return effectivePasswordRule(rules.password);
}

/** A new password against the floor: a length or pattern reason with its rule, or the floor's catalogue key. */
const checkNewPassword = (value: string, rules: Pick<TRegisterSettings, 'password'>): FieldError | null => {
  const rule = getPasswordRule(rules);
  const reason = checkPasswordFloor(value, rule);
  return reason ? { reason, rule } : null;
};

/** The mobile rule for resets: the registration rule of `mobileNum`, always required. */
export function getMobileRule(rules: Pick<TRegisterSettings, 'mobileNum'>): TFieldRule {
  return { ...rules.mobileNum, enabled: true, required: true };
}

const USERNAME_RULE: TFieldRule = { enabled: true, required: true, acceptedPattern: '*', patternId: 0, minLength: 1, maxLength: 60 };
const EMAIL_RULE: TFieldRule = { enabled: true, required: true, acceptedPattern: '', patternId: FIELD_PATTERNS[17]!.id, minLength: 3, maxLength: 120 };

const check = (value: string | undefined, rule: TFieldRule): FieldError | null => {
  const r = checkField(value, rule);
  return r.ok ? null : { reason: r.reason, rule };
};

export type EmailForm = { username: string; email: string };
/** Decision 5.FGP.04: the email tab needs the username and a valid email address. */
export function validateEmailForm(v: EmailForm): Partial<Record<keyof EmailForm, FieldError>> {
  const out: Partial<Record<keyof EmailForm, FieldError>> = {};
  const username = check(v.username, USERNAME_RULE);
  if (username) out.username = username;
  const email = check(v.email, EMAIL_RULE);
  if (email) out.email = email;
  return out;
}

/** The email tab's schema: its check (decision 5.FGP.04) as a zod refinement. */
export const forgotEmailSchema = z.object({ username: z.string(), email: z.string() }).superRefine(refinedBy(validateEmailForm));

export type PhoneForm = { countryDialingCode: string; mobileNum: string; verificationCode: string; newPassword: string; confirmPassword: string };
/** 5.FGP.01-03: a valid mobile number, the code and a new password meeting the password rule (and confirmed). */
export function validatePhoneForm(v: PhoneForm, rules: Pick<TRegisterSettings, 'password' | 'mobileNum'>): Partial<Record<keyof PhoneForm, FieldError>> {
  const out: Partial<Record<keyof PhoneForm, FieldError>> = {};
  const mobile = validateMobile(v, rules);
  if (mobile) out.mobileNum = mobile;
  const code = check(v.verificationCode, SMS_CODE_RULE);
  if (code) out.verificationCode = code;
  const password = checkNewPassword(v.newPassword, rules);
  if (password) out.newPassword = password;
  if (!v.confirmPassword) out.confirmPassword = { reason: 'required' };
  else if (v.confirmPassword !== v.newPassword) out.confirmPassword = { reason: 'incorrect_confirmation' };
  return out;
}

/** The mobile tab's schema: its check (5.FGP.01-03) as a zod refinement. */
export function forgotPhoneSchema(rules: Pick<TRegisterSettings, 'password' | 'mobileNum'>) {
  const text = z.string();
  return z
    .object({ countryDialingCode: text, mobileNum: text, verificationCode: text, newPassword: text, confirmPassword: text })
    .superRefine(refinedBy((v: PhoneForm) => validatePhoneForm(v, rules)));
}

/** The field errors of the server's answer to a phone reset, with the rule each names (the dialling code's on the number). */
export function fromServerPhoneFields(fields: Record<string, string>, rules: Pick<TRegisterSettings, 'password' | 'mobileNum'>): Partial<Record<keyof PhoneForm, FieldError>> {
  const out: Partial<Record<keyof PhoneForm, FieldError>> = {};
  for (const [field, reason] of Object.entries(fields)) {
    const key = (field === 'countryDialingCode' ? 'mobileNum' : field) as keyof PhoneForm;
    out[key] = {
      reason,
      ...(key === 'newPassword' ? { rule: { ...rules.password, enabled: true, required: true } } : {}),
      ...(key === 'mobileNum' ? { rule: getMobileRule(rules) } : {}),
    };
  }
  return out;
}

/**
 * The mobile number alone (the get-code button checks it before sending, 4.SMS.02), as it is kept:
 * without separators and its trunk 0 (issue 25: 0812345678 with +66 is 812345678).
 */
export function validateMobile(v: Pick<PhoneForm, 'countryDialingCode' | 'mobileNum'>, rules: Pick<TRegisterSettings, 'mobileNum'>): FieldError | null {
  const error = check(nationalNumber(v.mobileNum), getMobileRule(rules));
  if (error) return error;
  if (!v.countryDialingCode.trim()) return { reason: 'required' };
  return null;
}

export type ResetForm = { newPassword: string; confirmPassword: string };
/** The set-new-password form of the mailed link. */
export function validateResetForm(v: ResetForm, rules: Pick<TRegisterSettings, 'password'>): Partial<Record<keyof ResetForm, FieldError>> {
  const out: Partial<Record<keyof ResetForm, FieldError>> = {};
  const password = checkNewPassword(v.newPassword, rules);
  if (password) out.newPassword = password;
  if (!v.confirmPassword) out.confirmPassword = { reason: 'required' };
  else if (v.confirmPassword !== v.newPassword) out.confirmPassword = { reason: 'incorrect_confirmation' };
  return out;
}

/** The hint of the new password: the rule's text with its limits (decision 5.HINT.06). */
export function passwordHint(t: TFunction, rules: Pick<TRegisterSettings, 'password'>): string {
  return patternText(t, getPasswordRule(rules));
}
