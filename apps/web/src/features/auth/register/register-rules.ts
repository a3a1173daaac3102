import type { TFunction } from 'i18next';
import { checkPasswordFloor, effectivePasswordRule } from '@lotus/contracts/password-floor';
import { FIELD_PATTERNS, checkField, type TFieldRule } from '@lotus/contracts/register-patterns';
import { isErrorCode } from '@lotus/contracts/error-codes';
import type { TRegisterField, TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';

/**
 * Pure rules of the registration form (4.REG, 5.VAL, 5.REQ, 5.HINT): which tabs and fields show,
 * what each requires, and the text of an error, from the server's per-field rules
 * (/wps/system/setting/register) and the whitelabel flags. Patterns come from the contracts
 * (FIELD_PATTERNS + checkField), shared with the server; nothing is re-implemented here.
 */

export type RegisterTab = 'username' | 'mobile';
/** Form fields: the configured ones plus the SMS code. */
export type FormField = TRegisterField | 'verificationCode';
export type FormValues = Partial<Record<FormField | 'countryDialingCode', string>>;
export type EffectiveRules = Record<TRegisterField, TFieldRule>;

/** Minimum age when the birthday field is enabled (decision 5.HINT.04: 18, as the server checks). */
export const MIN_AGE_YEARS = 18;
/** Pattern id of an email address (5.REQ.09: an email, when given, must be valid). */
const EMAIL_PATTERN = FIELD_PATTERNS[17]!;

// ---------- tabs (2.RGP.08, 4.REG.10/11) ----------
/** The registration methods the site offers, in tab order. */
export function getTabs(flags: Pick<TWhitelabel, 'USERNAMEREG3' | 'MOBILENUMREG3'>): RegisterTab[] {
  const tabs: RegisterTab[] = [];
  if (flags.USERNAMEREG3) tabs.push('username');
  if (flags.MOBILENUMREG3) tabs.push('mobile');
  return tabs;
}

/** 4.REG.10: mobile when MOBILENUMREG3 is on, otherwise username; null when registration is closed. */
export function getDefaultTab(flags: Pick<TWhitelabel, 'USERNAMEREG3' | 'MOBILENUMREG3'>): RegisterTab | null {
  if (flags.MOBILENUMREG3) return 'mobile';
  if (flags.USERNAMEREG3) return 'username';
  return null;
}

/** 2.RGP.08: tabs show only when more than one method is enabled. */
export const showTabs = (flags: Pick<TWhitelabel, 'USERNAMEREG3' | 'MOBILENUMREG3'>) => getTabs(flags).length > 1;

// ---------- rules per tab (5.REQ) ----------
/**
 * The rule of each field on a tab: the configured rule with the spec's fixed requirements on top
 * (the server applies the same, identity.rules effectiveRules):
 * - username tab: username, password, confirm password shown and required (5.REQ.01);
 * - mobile tab: the mobile number required (5.REQ.03); no username (the server makes one); the
 *   password pair only with MOBILENUMPASSREG3, then required (5.REQ.04);
 * - the payment password is required whenever it is enabled (5.REQ.06).
 */
export function getEffectiveRules(rules: TRegisterSettings, tab: RegisterTab, flags: Pick<TWhitelabel, 'MOBILENUMPASSREG3'>): EffectiveRules {
  const out = {} as EffectiveRules;
  for (const field of Object.keys(rules) as TRegisterField[]) out[field] = { ...rules[field] };
  // The password floor AND the operator's rule (docs/adr/0021-password-floor.md); the server does the same.
  for (const field of ['password', 'confirmPassword'] as const) {
    out[field] = { ...effectivePasswordRule(rules.password), enabled: rules[field].enabled, required: rules[field].required };
  }
  const set = (field: TRegisterField, enabled: boolean, required: boolean) => {
    out[field] = { ...out[field], enabled, required };
  };
  if (tab === 'username') {
    set('username', true, true);
    set('password', true, true);
    set('confirmPassword', true, true);
  } else {
    set('mobileNum', true, true);
    set('username', false, false);
    set('password', flags.MOBILENUMPASSREG3, flags.MOBILENUMPASSREG3);
    set('confirmPassword', flags.MOBILENUMPASSREG3, flags.MOBILENUMPASSREG3);
  }
  if (out.paymentPassword.enabled) out.paymentPassword.required = true;
  return out;
}

/** Field order of the form; the mobile tab starts with the number. */
const ORDER: TRegisterField[] = [
  'username',
  'mobileNum',
  'password',
  'confirmPassword',
  'paymentPassword',
  'payeeName',
  'email',
  'birthday',
  'idNumber',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'recommenderId',
  'referralCode',
  'affiliateCode',
];

export type VisibilityContext = {
  tab: RegisterTab;
  rules: EffectiveRules;
  flags: Pick<TWhitelabel, 'REGMOBVERF3'>;
  /** 4.AFF.02: a valid affiliate code in the URL hides the field. */
  affiliateFromUrl: boolean;
};

/** The fields shown, in order (5.VAL.01: a disabled field is neither shown nor validated). */
export function getVisibleFields({ tab, rules, flags, affiliateFromUrl }: VisibilityContext): FormField[] {
  const order = tab === 'mobile' ? (['mobileNum', ...ORDER.filter((f) => f !== 'mobileNum')] as TRegisterField[]) : ORDER;
  const out: FormField[] = [];
  for (const field of order) {
    if (!rules[field].enabled) continue;
    if (field === 'affiliateCode' && affiliateFromUrl) continue;
    out.push(field);
    // The SMS code follows the number whenever SMS verification on register is on (4.REG, 5.REQ.05).
    if (field === 'mobileNum' && flags.REGMOBVERF3) out.push('verificationCode');
  }
  return out;
}

/**
 * Issue 11: the fields in two groups, required first, then the optional ones (shown collapsed).
 * The SMS code stays with the mobile number's group (it is needed once a number is given).
 */
export function splitRequiredFields(visible: FormField[], isRequired: (field: FormField) => boolean): { required: FormField[]; optional: FormField[] } {
  const mobileRequired = visible.includes('mobileNum') && isRequired('mobileNum');
  const required: FormField[] = [];
  const optional: FormField[] = [];
  for (const field of visible) {
    const inRequired = field === 'verificationCode' ? mobileRequired || isRequired(field) : isRequired(field);
    (inRequired ? required : optional).push(field);
  }
  return { required, optional };
}

const filled = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';

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
    default:
      return patternText(t, rules[field]);
  }
}
