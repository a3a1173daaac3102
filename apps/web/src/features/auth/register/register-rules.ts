import type { TFunction } from 'i18next';
import { z } from 'zod';
import { ZRegisterRequest } from '@lotus/contracts/auth';
import { checkPasswordFloor } from '@lotus/contracts/password-floor';
import { FIELD_PATTERNS, checkField, type TFieldRule } from '@lotus/contracts/register-patterns';
import { isErrorCode } from '@lotus/contracts/error-codes';
import { nationalNumber } from '@lotus/contracts/phone';
import type { TRegisterField, TWhitelabel } from '@lotus/contracts/system';

/**
 * Pure rules of the registration form (4.REG, 5.VAL, 5.REQ, 5.HINT): which tabs and fields show,
 * what each requires, and the text of an error, from the server's per-field rules
 * (/wps/system/setting/register) and the whitelabel flags. Patterns come from the contracts
 * (FIELD_PATTERNS + checkField), shared with the server; nothing is re-implemented here.
 */

/** Minimum age when the birthday field is enabled (decision 5.HINT.04: 18, as the server checks). */
export const MIN_AGE_YEARS = 18;
/** Pattern id of an email address (5.REQ.09: an email, when given, must be valid). */
const EMAIL_PATTERN = FIELD_PATTERNS[17]!;

// Tabs, per-tab rules and the visible fields live in the contracts (shared with the console's preview).
export {
  getTabs,
  getDefaultTab,
  showTabs,
  getEffectiveRules,
  getVisibleFields,
  splitRequiredFields,
  type RegisterTab,
  type FormField,
  type FormValues,
  type EffectiveRules,
  type VisibilityContext,
} from '@lotus/contracts/register-form';
import { getVisibleFields, type EffectiveRules, type FormField, type FormValues, type RegisterTab } from '@lotus/contracts/register-form';

/** A value given (not blank). */
export const filled = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';

/** 5.REQ.05: an SMS code is needed when REGMOBVERF3 is on and a mobile number is sent (always on the mobile tab). */
export function needsSmsCode(tab: RegisterTab, values: FormValues, flags: Pick<TWhitelabel, 'REGMOBVERF3'>, rules: EffectiveRules): boolean {
  if (!flags.REGMOBVERF3 || !rules.mobileNum.enabled) return false;
  return tab === 'mobile' || filled(values.mobileNum);
}

// ---------- birthday (decision 5.HINT.04) ----------
/** A date input's value (yyyy-MM-dd) in the rule's format (pattern 7: MM-dd-yyyy). */
export function toBirthdayValue(isoDate: string, patternId: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!m) return isoDate.trim();
  return patternId === 7 ? `${m[2]}-${m[3]}-${m[1]}` : isoDate.trim();
}

/**
 * The values as checked and sent: the birthday in the rule's format (the date input gives
 * yyyy-MM-dd), the mobile (and WhatsApp) number without separators and its trunk 0 (issue 25:
 * 0812345678 with +66 is 812345678, as the server stores it).
 */
export function inRuleFormats(values: FormValues, rules: EffectiveRules): FormValues {
  const out = filled(values.birthday) ? { ...values, birthday: toBirthdayValue(values.birthday, rules.birthday.patternId) } : { ...values };
  if (values.mobileNum !== undefined) out.mobileNum = nationalNumber(values.mobileNum);
  if (values.whatsapp !== undefined) out.whatsapp = nationalNumber(values.whatsapp);
  return out;
}

/** Full years from an ISO date (yyyy-MM-dd) to `now`; null when not a date. */
export function ageInYears(isoDate: string, now: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < mo || (now.getMonth() + 1 === mo && now.getDate() < d)) age -= 1;
  return age;
}

// ---------- validation (4.REG.03, 5.VAL, 5.REQ) ----------
export type FieldError = {
  /** required | minLength | maxLength | pattern, or an error catalogue key (incorrect_confirmation, age_restricted...). */
  reason: string;
  /** The rule behind a length or pattern error, for its text (5.VAL.05/06). */
  rule?: TFieldRule;
};
export type FieldErrors = Partial<Record<FormField | 'countryDialingCode' | 'acceptTerms', FieldError>>;

/** A synthetic rule for the SMS code: required, digits. */
export const SMS_CODE_RULE: TFieldRule = { enabled: true, required: true, acceptedPattern: '', patternId: 3, minLength: 4, maxLength: 10 };

/** One field against its rule (checkField from the contracts) plus the fixed checks of section 5. */
export function validateField(field: FormField, values: FormValues, rules: EffectiveRules, now = new Date()): FieldError | null {
  const value = values[field];
  if (field === 'verificationCode') {
    const r = checkField(value, SMS_CODE_RULE);
    return r.ok ? null : { reason: r.reason, rule: SMS_CODE_RULE };
  }
  const rule = rules[field];
  if (!rule.enabled) return null;
  if (field === 'confirmPassword') {
    // 5.REQ.02: must equal the password (its own rule only decides whether it is required).
    if (rule.required && !filled(value)) return { reason: 'required' };
    if ((value ?? '') !== (values.password ?? '')) return { reason: 'incorrect_confirmation' };
    return null;
  }
  if (field === 'password') {
    // The floor's keys (password_too_short, password_too_long, password_control_characters) are
    // catalogue keys; the common-password list is the server's (password_common comes back from it).
    if (!rule.required && !value) return null;
    const reason = checkPasswordFloor(value, rule);
    return reason ? { reason, rule } : null;
  }
  const result = checkField(value, rule);
  if (!result.ok) return { reason: result.reason, rule };
  if (field === 'email' && filled(value) && !EMAIL_PATTERN.regex!.test(value.trim())) {
    return { reason: 'pattern', rule: { ...rule, patternId: EMAIL_PATTERN.id, acceptedPattern: '' } };
  }
  if (field === 'birthday' && filled(value)) {
    const iso = rule.patternId === 7 ? value.replace(/^(\d{2})-(\d{2})-(\d{4})$/, '$3-$1-$2') : value;
    const age = ageInYears(iso, now);
    if (age === null) return { reason: 'pattern', rule };
    if (age < MIN_AGE_YEARS) return { reason: 'age_restricted' };
  }
  return null;
}

export type ValidationContext = {
  tab: RegisterTab;
  rules: EffectiveRules;
  flags: Pick<TWhitelabel, 'REGMOBVERF3'>;
  affiliateFromUrl: boolean;
  now?: Date;
};

/** Every shown field (4.REG.03); the SMS code only when needed. Empty object = valid. */
export function validateRegisterForm(values: FormValues, ctx: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of getVisibleFields(ctx)) {
    if (field === 'verificationCode' && !needsSmsCode(ctx.tab, values, ctx.flags, ctx.rules)) continue;
    const error = validateField(field, values, ctx.rules, ctx.now);
    if (error) errors[field] = error;
  }
  if (filled(values.mobileNum) && !filled(values.countryDialingCode)) errors.countryDialingCode = { reason: 'required' };
  return errors;
}

/** What the registration form holds: its fields and the terms box. */
export type RegisterFormValues = FormValues & { acceptTerms: boolean };

/**
 * The registration form's schema: every shown field by its rule (4.REG.03), and the terms box
 * (4.REG.02, 5.REQ.08: the contracts' acceptTerms must be true). The box starts unticked (issue 25),
 * so a first attempt shows the fields' errors and the box's together, the box's last (it is at the
 * foot of the form). Each issue's message is the reason of the field's error.
 */
export function registerSchema(ctx: ValidationContext) {
  return z.looseObject({ acceptTerms: z.boolean() }).superRefine(
    refinedBy((values) => {
      const errors = validateRegisterForm(inRuleFormats(values as FormValues, ctx.rules), ctx);
      const accepted = ZRegisterRequest.shape.acceptTerms.safeParse(values.acceptTerms).success;
      return accepted ? errors : { ...errors, acceptTerms: { reason: 'terms_required' } };
    }),
  );
}

/**
 * A form's own check (its field errors by the contracts' rules) as a zod refinement: each error an
 * issue on its field, with the error's reason as the message.
 */
export function refinedBy<T>(check: (values: T) => Partial<Record<string, FieldError>>) {
  return (values: T, ctx: z.RefinementCtx<T>) => {
    for (const [field, error] of Object.entries(check(values))) {
      if (error) ctx.addIssue({ code: 'custom', path: [field], message: error.reason });
    }
  };
}

/**
 * A field's error from its reason (what react-hook-form keeps) with the rule its text names: the one
 * the form's own check gives for the values shown (an error goes when its field changes, so they are
 * the values checked), else the one of the server's answer.
 */
export function errorOfReason(reason: string, own: FieldError | null | undefined, fromServer: FieldError | undefined): FieldError {
  return own?.reason === reason ? own : (fromServer ?? { reason });
}

// ---------- texts (5.VAL.05/06, 5.HINT) ----------
/** "2-15 characters", or "6 characters" when min equals max (5.VAL.06). */
export function lengthText(t: TFunction, rule: Pick<TFieldRule, 'minLength' | 'maxLength'>): string {
  return rule.minLength === rule.maxLength
    ? t('auth-register:length_exact', { n: rule.minLength })
    : t('auth-register:length_range', { min: rule.minLength, max: rule.maxLength });
}

/** 5.VAL.05: the rule's text chosen by patternId, with the limits filled in. */
export function patternText(t: TFunction, rule: TFieldRule): string {
  const id = rule.acceptedPattern === '*' ? 0 : rule.patternId;
  return t(`auth-register:patterns.${id}`, { min: rule.minLength, max: rule.maxLength, length: lengthText(t, rule) });
}

/** The text of a field error: required, the rule's pattern text, or a catalogue/server key. */
export function fieldErrorText(t: TFunction, error: FieldError, label: string): string {
  switch (error.reason) {
    case 'required':
      return t('auth-register:errors.required', { label });
    case 'minLength':
    case 'maxLength':
    case 'pattern':
      return error.rule ? patternText(t, error.rule) : t('auth-register:errors.invalid', { label });
    default:
      if (isErrorCode(error.reason)) return t(`errors:${error.reason}`);
      return t('auth-register:errors.invalid', { label });
  }
}

/**
 * Server field errors (ZErrorEnvelope.fields: field -> reason) as form errors; length and pattern
 * reasons get the field's rule so their text names the limits (8.ERR.03).
 */
export function fromServerFields(fields: Record<string, string> | undefined, rules: EffectiveRules): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, reason] of Object.entries(fields ?? {})) {
    const key = field.replace(/^\//, '') as FormField;
    const rule = key in rules ? rules[key as TRegisterField] : key === 'verificationCode' ? SMS_CODE_RULE : undefined;
    (out as Record<string, FieldError>)[key] = { reason, ...(rule ? { rule } : {}) };
  }
  return out;
}

/**
 * The hint under a field (5.HINT): the rule's own text with the configured limits (decision
 * 5.HINT.06), plus the fixed hints of section 5 (real name in capitals matching the bank account,
 * the minimum age, the confirmation).
 */
export function hintText(t: TFunction, field: FormField, rules: EffectiveRules): string {
  switch (field) {
    case 'verificationCode':
      return t('auth-register:hints.verificationCode');
    case 'confirmPassword':
      return t('auth-register:hints.confirmPassword');
    case 'birthday':
      return t('auth-register:hints.birthday', { age: MIN_AGE_YEARS });
    case 'payeeName':
      return `${t('auth-register:hints.payeeName')} ${patternText(t, rules.payeeName)}`;
    case 'username':
      // The mobile tab (issue 25): a name of the player's own, or one the site makes.
      return rules.username.required
        ? patternText(t, rules.username)
        : `${t('auth-register:hints.username_optional')} ${patternText(t, rules.username)}`;
    default:
      return patternText(t, rules[field]);
  }
}
