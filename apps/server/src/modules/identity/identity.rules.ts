import { AGENT_LEVELS } from '@lotus/contracts/accounts';
import type { TRegisterRequest } from '@lotus/contracts/auth';
import { checkPasswordFloor } from '@lotus/contracts/password-floor';
import { nationalNumber } from '@lotus/contracts/phone';
import { FIELD_PATTERNS, checkField, type TFieldRule } from '@lotus/contracts/register-patterns';
import type { TRegisterField, TRegisterSettings, TWhitelabel } from '@lotus/contracts/system';
import { normalizeMobile, type Mobile } from '../../lib/mobile';

/**
 * Pure rules of accounts and access (no I/O): registration field validation from the server rules,
 * mobile numbers, age, agent levels, the forced password change. Unit-tested beside this file.
 */

/**
 * isAgent values that open the agent centre (6.ROLE.05, decision 6.ROLE.07). The trial rule and the kinds of
 * accounts are contracts/accounts.ts's (`isTrialAccount`, `ACCOUNT_TYPE`), shared with the web app.
 */
export const isAgentLevel = (isAgent: number) => AGENT_LEVELS.includes(isAgent);

/** Minimum age at registration when the birthday field is enabled (decision 5.HINT.04: 18). */
export const MIN_AGE_YEARS = 18;

export type RegisterTab = 'username' | 'mobile';

// ---------- mobile numbers (decision 5.LOGIN.05) ----------
// Shared with verification (SMS codes): lib/mobile.ts.
export { normalizeMobile, type Mobile };

/** E.164 digits from a '+66812345678' phone claim (phone-auth ID tokens); null when malformed. */
export function e164FromPhoneClaim(phone: unknown): string | null {
  if (typeof phone !== 'string') return null;
  const m = /^\+([1-9][0-9]{6,14})$/.exec(phone.trim());
  return m?.[1] ?? null;
}

// ---------- birthday and age (decision 5.HINT.04) ----------
/** Parses a birthday in the rule's format (pattern 6 yyyy-MM-dd, 7 MM-dd-yyyy) to yyyy-MM-dd; null if not a real date. */
export function parseBirthday(value: string, patternId: number): string | null {
  const v = value.trim();
  let y: number, m: number, d: number;
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const mdy = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
  if (ymd && patternId !== 7) [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else if (mdy && patternId !== 6) [y, m, d] = [Number(mdy[3]), Number(mdy[1]), Number(mdy[2])];
  else return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Full years between an ISO birthday and `now` (UTC calendar). */
export function ageInYears(isoBirthday: string, now: number): number {
  const [y, m, d] = isoBirthday.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

// ---------- registration (4.REG, 5.VAL, 5.REQ) ----------
export type RegisterCheck = {
  /**
   * Field -> reason: required | minLength | maxLength | pattern | incorrect_confirmation, and for the
   * password the floor's keys (password_too_short, password_too_long, password_control_characters).
   */
  fields: Record<string, string>;
  /** The validated birthday (yyyy-MM-dd) when given and enabled. */
  birthday: string | null;
  /** The normalised mobile when one is given. */
  mobile: Mobile | null;
  /** The server must generate the password (mobile tab without MOBILENUMPASSREG3 and none given). */
  generatePassword: boolean;
  /** The server must generate the username (mobile tab without one). */
  generateUsername: boolean;
  /** An SMS code (or a phone-auth token) is needed for the mobile number. */
  needsSmsCode: boolean;
};

const FIELD_VALUE: Record<TRegisterField, (r: TRegisterRequest) => string | undefined> = {
  username: (r) => r.username,
  password: (r) => r.password,
  confirmPassword: (r) => r.confirmPassword,
  payeeName: (r) => r.payeeName,
  email: (r) => r.email,
  qqNum: (r) => r.qqNum,
  // The number as stored: 0812345678 with +66 is checked (and kept) as 812345678 (issue 25).
  mobileNum: (r) => (r.mobileNum === undefined ? undefined : nationalNumber(r.mobileNum)),
  line: (r) => r.line,
  whatsapp: (r) => (r.whatsapp === undefined ? undefined : nationalNumber(r.whatsapp)),
  facebook: (r) => r.facebook,
  wechat: (r) => r.wechat,
  idNumber: (r) => r.idNumber,
  paymentPassword: (r) => r.paymentPassword,
  birthday: (r) => r.birthday,
  affiliateCode: (r) => r.affiliateCode,
  referralCode: (r) => r.referralCode,
  recommenderId: (r) => r.recommenderId,
};

const filled = (v: string | undefined | null): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The effective rule of each field on a tab: the configured rule, with the spec's fixed
 * requirements on top (5.REQ.01-07). A disabled field is neither validated nor stored (5.VAL.01).
 */
export function effectiveRules(
  rules: TRegisterSettings,
  tab: RegisterTab,
  flags: TWhitelabel,
): Record<TRegisterField, TFieldRule> {
  const out = {} as Record<TRegisterField, TFieldRule>;
  for (const field of Object.keys(rules) as TRegisterField[]) out[field] = { ...rules[field] };
  const force = (field: TRegisterField, required: boolean) => {
    out[field] = { ...out[field], enabled: true, required };
  };
  if (tab === 'username') {
    force('username', true);
    force('password', true);
    force('confirmPassword', true);
  } else {
    // The mobile tab: the number is required; a username is optional (generated when missing);
    // the password is required only with MOBILENUMPASSREG3 (5.REQ.04).
    force('mobileNum', true);
    force('username', false);
    force('password', flags.MOBILENUMPASSREG3);
    force('confirmPassword', flags.MOBILENUMPASSREG3);
  }
  // 5.REQ.06: the payment password is required whenever its field is enabled.
  if (out.paymentPassword.enabled) out.paymentPassword.required = true;
  return out;
}

/** Validates a registration against the rules; collects every failing field (4.REG.03). */
export function checkRegistration(
  req: TRegisterRequest,
  rules: TRegisterSettings,
  tab: RegisterTab,
  flags: TWhitelabel,
): RegisterCheck {
  const eff = effectiveRules(rules, tab, flags);
  const fields: Record<string, string> = {};
  for (const field of Object.keys(eff) as TRegisterField[]) {
    if (field === 'confirmPassword') continue; // compared with the password below
    if (field === 'password') {
      // The password floor AND the operator's rule (docs/adr/0021-password-floor.md); the common
      // list is checked by the service. An optional password left empty is generated.
      if (!eff.password.enabled || (!eff.password.required && !req.password)) continue;
      const reason = checkPasswordFloor(req.password, eff.password);
      if (reason) fields.password = reason;
      continue;
    }
    const result = checkField(FIELD_VALUE[field](req), eff[field]);
    if (!result.ok) fields[field] = result.reason;
  }
  // Confirmation equals the password (5.REQ.02), whenever a password is given.
  if (filled(req.password) || filled(req.confirmPassword) || eff.confirmPassword.required) {
    if ((req.confirmPassword ?? '') !== (req.password ?? ''))
      fields.confirmPassword = 'incorrect_confirmation';
  }
  // An email, when given, must be a valid address whatever its pattern id says (5.REQ.09).
  if (
    eff.email.enabled &&
    filled(req.email) &&
    !fields.email &&
    !FIELD_PATTERNS[17]!.regex!.test(req.email.trim())
  ) {
    fields.email = 'pattern';
  }
  let mobile: Mobile | null = null;
  if (eff.mobileNum.enabled && filled(req.mobileNum)) {
    if (!filled(req.countryDialingCode)) fields.countryDialingCode = 'required';
    else if (!fields.mobileNum) {
      mobile = normalizeMobile(req.countryDialingCode, req.mobileNum);
      if (!mobile) fields.mobileNum = 'pattern';
    }
  }
  let birthday: string | null = null;
  if (eff.birthday.enabled && filled(req.birthday) && !fields.birthday) {
    birthday = parseBirthday(req.birthday, eff.birthday.patternId);
    if (!birthday) fields.birthday = 'pattern';
  }
  const hasFirebase = filled(req.firebaseIdToken);
  const needsSmsCode = flags.REGMOBVERF3 && mobile !== null && !hasFirebase;
  if (needsSmsCode && !filled(req.verificationCode)) fields.verificationCode = 'required';
  return {
    fields,
    birthday,
    mobile,
    generatePassword: tab === 'mobile' && !filled(req.password),
    generateUsername: tab === 'mobile' && !filled(req.username),
    needsSmsCode,
  };
}

/** The value to store for an optional field: trimmed, or null when empty or the field is disabled. */
export function storedValue(
  rules: TRegisterSettings,
  field: TRegisterField,
  value: string | undefined,
): string | null {
  if (!rules[field].enabled || !filled(value)) return null;
  return value.trim();
}

// ---------- login (4.LOGIN.06-09) ----------
export type ForcedChangeInput = {
  loginType: 'username' | 'sms' | 'firebase';
  firstTimeLogin: boolean;
  /**
   * The password just used fails the platform floor (docs/adr/0021-password-floor.md): the spec's
   * "123456 forces a change" (4.LOGIN.07) generalised to every password the floor refuses.
   */
  usedWeakPassword: boolean;
  passwordExpired: boolean;
  expiryEnforced: boolean;
  /** An operator required a new password (operator console, docs/adr/0046). */
  operatorRequired?: boolean;
};

/** The forced-password-change flag: first login, a password under the floor, or expired with PWDEXPFORCECHANGE3; never for sms/firebase. */
export function isPasswordChangeForced(i: ForcedChangeInput): boolean {
  if (i.loginType !== 'username') return false;
  return (
    i.firstTimeLogin || i.usedWeakPassword || i.operatorRequired === true || (i.passwordExpired && i.expiryEnforced)
  );
}

export function isPasswordExpired(passwordChangedAt: Date, maxAgeDays: number, now: number): boolean {
  if (maxAgeDays <= 0) return false;
  return now - passwordChangedAt.getTime() > maxAgeDays * 86_400_000;
}

/**
 * First-time login (decision 4.LOGIN.05): the first login of an account somebody else created for
 * the member (an operator or an agent, who chose the initial password). Self-registered and trial
 * accounts are logged in by their creation and never see it.
 */
/** The creator's password and the account are written together; anything later is the member's. */
const FIRST_PASSWORD_WINDOW_MS = 60_000;

export const isFirstTimeLogin = (m: {
  createdBy: string;
  lastLoginAt: Date | null;
  createdAt: Date;
  passwordChangedAt: Date;
}) =>
  (m.createdBy === 'operator' || m.createdBy === 'agent') &&
  m.lastLoginAt === null &&
  // A password the member chose since (a reset by email or phone) is not the creator's any more.
  m.passwordChangedAt.getTime() - m.createdAt.getTime() < FIRST_PASSWORD_WINDOW_MS;


/** Username key for case-insensitive lookups and per-account counters. */
export const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 60);
