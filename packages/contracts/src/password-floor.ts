import type { TFieldRule } from './register-patterns';

/**
 * The platform's password floor (docs/adr/0021-password-floor.md, issue 6 finding 4; supersedes the
 * spec's "minimum 6" of 9.C): one rule for every place a password is set (registration, change,
 * reset by link or phone, accounts created by an operator or an agent, the forced change).
 *
 * - at least 8 characters and at most 128 (so any passphrase of 64 fits);
 * - any printable Unicode, spaces included; no composition rules;
 * - no control characters (C0, DEL, C1) and no lone surrogates;
 * - not a common or breached password (checked by the server against a maintained list; the list
 *   never ships to the browser, see apps/server/src/modules/identity/passwords/password-policy.ts).
 *
 * Characters are counted as code points of the text as typed (what the person sees and what the
 * forms count; NFKC can lengthen Thai: SARA AM becomes two code points). The NFKC form is what is
 * hashed and what is looked up in the common-password list.
 *
 * The operator's registration rule for `password` (site configuration `register`) can tighten the
 * floor but never loosen it: a higher minimum applies, a composition pattern applies (patterns
 * that describe requirements, e.g. 11 "upper, lower, digit and special"), a maximum under 64 is
 * raised to 64, and nothing goes below 8 or above 128.
 *
 * Pure and without the list: the web imports this for its client-side checks.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** The floor guarantees at least this many characters are accepted, whatever the operator sets. */
export const PASSWORD_GUARANTEED_LENGTH = 64;
/**
 * Bound of password strings in the contracts (UTF-16 units): 128 code points of the astral planes
 * are 256 units, and the raw text may be longer than its NFKC form, so the contracts bound is wide
 * and the floor gives the precise answer with its own key.
 */
export const PASSWORD_INPUT_MAX = 512;

/** Why a password is refused (error catalogue keys; `pattern` = the operator's composition rule). */
export type TPasswordRefusal =
  | 'required'
  | 'password_too_short'
  | 'password_too_long'
  | 'password_control_characters'
  | 'password_common'
  | 'pattern';

/** The form in which a password is checked and hashed (NIST SP 800-63B 5.1.1.2: NFKC). */
export const normalizePassword = (password: string) => password.normalize('NFKC');

/** Characters of a password as typed (code points). */
export const passwordLength = (password: string) => [...password].length;

/** C0 controls, DEL, C1 controls (\p{Cc}) and lone surrogates (\p{Cs}). */
const CONTROL = /[\p{Cc}\p{Cs}]/u;

/**
 * Patterns whose meaning is a requirement a password can have (on top of the floor), as a test of
 * the presence of a kind of character, so spaces and any other printable character stay allowed.
 * Patterns that only restrict the alphabet (letters only, no spaces, Thai...) do not apply to
 * passwords: they would refuse what the floor allows.
 */
const PASSWORD_REQUIREMENTS: Readonly<Record<number, (v: string) => boolean>> = {
  // 5 hasUppercase
  5: (v) => /\p{Lu}/u.test(v),
  // 11 strongPassword: upper, lower, digit and special character
  11: (v) => /\p{Lu}/u.test(v) && /\p{Ll}/u.test(v) && /\p{Nd}/u.test(v) && /[^\p{L}\p{N}]/u.test(v),
  // 12 lettersAndDigits: both letters and digits
  12: (v) => /\p{L}/u.test(v) && /\p{Nd}/u.test(v),
};

/** Pattern ids the operator can choose for the password rule that take effect (composition rules). */
export const PASSWORD_PATTERN_IDS = Object.keys(PASSWORD_REQUIREMENTS).map(Number);

/**
 * The effective password rule: the floor AND the operator's rule. The result is a TFieldRule so
 * forms can show its limits and pattern text as for any other field.
 */
export function effectivePasswordRule(operatorRule?: TFieldRule | null): TFieldRule {
  const min = Math.min(PASSWORD_MAX_LENGTH, Math.max(PASSWORD_MIN_LENGTH, operatorRule?.minLength ?? 0));
  const max = Math.min(
    PASSWORD_MAX_LENGTH,
    Math.max(PASSWORD_GUARANTEED_LENGTH, min, operatorRule?.maxLength ?? PASSWORD_MAX_LENGTH),
  );
  const applies =
    !!operatorRule && operatorRule.acceptedPattern !== '*' && operatorRule.patternId in PASSWORD_REQUIREMENTS;
  return {
    enabled: true,
    required: true,
    acceptedPattern: applies ? '' : '*',
    patternId: applies ? operatorRule.patternId : 0,
    minLength: min,
    maxLength: max,
  };
}

/**
 * Checks a password against the floor and the operator's rule (everything but the common-password
 * list, which only the server has). Null when it passes.
 */
export function checkPasswordFloor(
  password: string | undefined | null,
  operatorRule?: TFieldRule | null,
): Exclude<TPasswordRefusal, 'password_common'> | null {
  if (password === undefined || password === null || password === '') return 'required';
  const rule = effectivePasswordRule(operatorRule);
  if (CONTROL.test(password)) return 'password_control_characters';
  const length = passwordLength(password);
  if (length < rule.minLength) return 'password_too_short';
  if (length > rule.maxLength) return 'password_too_long';
  if (rule.acceptedPattern !== '*' && !PASSWORD_REQUIREMENTS[rule.patternId]!(normalizePassword(password)))
    return 'pattern';
  return null;
}

