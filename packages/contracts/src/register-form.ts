import type { TFieldRule } from './register-patterns';
import { effectivePasswordRule } from './password-floor';
import type { TRegisterField, TRegisterSettings, TWhitelabel } from './system';

/**
 * The registration form's layout from the site's rules (4.REG, 5.REQ): which tabs and fields show,
 * in which order, what each requires. Pure and shared: the member site's form (apps/web
 * register-rules) and the operator console's live preview (apps/backoffice site configuration)
 * render the same form from the same rules; the server applies the same requirements.
 */

export type RegisterTab = 'username' | 'mobile';
/** Form fields: the configured ones plus the SMS code. */
export type FormField = TRegisterField | 'verificationCode';
export type FormValues = Partial<Record<FormField | 'countryDialingCode', string>>;
export type EffectiveRules = Record<TRegisterField, TFieldRule>;

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
 * - mobile tab: the mobile number required (5.REQ.03); the username offered but optional (the
 *   server makes one when it is left empty; issue 25, docs/adr/0072); the password pair only with
 *   MOBILENUMPASSREG3, then required (5.REQ.04);
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
    set('username', true, false);
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
 * The SMS code stays with the mobile number's group (it is needed once a number is given). The
 * username stays in view even where it is optional (the mobile tab, issue 25): the player is
 * offered a name of their own, not one folded away.
 */
export function splitRequiredFields(visible: FormField[], isRequired: (field: FormField) => boolean): { required: FormField[]; optional: FormField[] } {
  const mobileRequired = visible.includes('mobileNum') && isRequired('mobileNum');
  const required: FormField[] = [];
  const optional: FormField[] = [];
  for (const field of visible) {
    const inRequired =
      field === 'verificationCode' ? mobileRequired || isRequired(field) : field === 'username' || isRequired(field);
    (inRequired ? required : optional).push(field);
  }
  return { required, optional };
}
