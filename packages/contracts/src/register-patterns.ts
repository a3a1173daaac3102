/**
 * The 24 field patterns of registration (spec 5.PAT, decision 5.PAT.06), defined once and used by
 * the client and the server alike. `regex` tests the whole value; length bounds come from the
 * field's rule (minLength/maxLength), not from the pattern. The error text is chosen by id
 * (i18n key `patterns.<id>`, with {{min}} and {{max}} filled in).
 */
export type TFieldPattern = { id: number; name: string; regex: RegExp | null; description: string };

export const FIELD_PATTERNS: readonly TFieldPattern[] = [
  { id: 0, name: 'any', regex: null, description: 'Any characters' },
  { id: 1, name: 'letters', regex: /^[A-Za-z]+$/, description: 'Letters only' },
  { id: 2, name: 'letterThenAlnum', regex: /^[A-Za-z][A-Za-z0-9]*$/, description: 'Letters and digits, starting with a letter' },
  { id: 3, name: 'digits', regex: /^[0-9]+$/, description: 'Digits only' },
  { id: 4, name: 'noSpaces', regex: /^\S+$/u, description: 'No spaces' },
  { id: 5, name: 'hasUppercase', regex: /^(?=.*[A-Z]).+$/u, description: 'Contains an uppercase letter' },
  { id: 6, name: 'dateYmd', regex: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, description: 'Date yyyy-MM-dd' },
  { id: 7, name: 'dateMdy', regex: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/, description: 'Date MM-dd-yyyy' },
  { id: 8, name: 'fullNameWithSpace', regex: /^[\p{L}\p{M}]+( [\p{L}\p{M}]+)+$/u, description: 'Full name with a space' },
  { id: 9, name: 'korean', regex: /^[\uAC00-\uD7A3]+( [\uAC00-\uD7A3]+)*$/u, description: 'Korean' },
  { id: 10, name: 'japanese', regex: /^[\u3040-\u30FF\u4E00-\u9FFF\u3005\u30FC]+( [\u3040-\u30FF\u4E00-\u9FFF\u3005\u30FC]+)*$/u, description: 'Japanese' },
  { id: 11, name: 'strongPassword', regex: /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S+$/u, description: 'Upper, lower, digit and special character' },
  { id: 12, name: 'lettersAndDigits', regex: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9]+$/, description: 'Both letters and digits' },
  { id: 13, name: 'capitalName', regex: /^[A-Z]+( [A-Z]+)*$/, description: 'Capital letters, words separated by one space' },
  { id: 14, name: 'thai', regex: /^[\u0E00-\u0E7F]+( [\u0E00-\u0E7F]+)*$/u, description: 'Thai' },
  { id: 15, name: 'chinese', regex: /^[\u4E00-\u9FFF\u00B7]+$/u, description: 'Chinese characters' },
  { id: 16, name: 'latinName', regex: /^\p{Script=Latin}+( \p{Script=Latin}+)*$/u, description: 'Latin letters with accents (e.g. Vietnamese)' },
  { id: 17, name: 'email', regex: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, description: 'Email address' },
  { id: 18, name: 'mobile', regex: /^[1-9][0-9]{5,14}$/, description: 'Mobile number without leading zero' },
  { id: 19, name: 'word', regex: /^[A-Za-z0-9_]+$/, description: 'Letters, digits and underscore' },
  { id: 20, name: 'lowerAlnum', regex: /^[a-z0-9]+$/, description: 'Lowercase letters and digits' },
  { id: 21, name: 'lettersAndSpaces', regex: /^[A-Za-z]+( [A-Za-z]+)*$/, description: 'Letters and single spaces' },
  { id: 22, name: 'anyName', regex: /^[\p{L}\p{M}]+([ .'-][\p{L}\p{M}]+)*$/u, description: 'A name in any script' },
  { id: 23, name: 'handle', regex: /^[A-Za-z0-9._@+-]+$/, description: 'Messenger id: letters, digits and . _ @ + -' },
];

export const PATTERN_IDS = FIELD_PATTERNS.map((p) => p.id);

export type TFieldRule = {
  enabled: boolean;
  required: boolean;
  acceptedPattern: string;
  patternId: number;
  minLength: number;
  maxLength: number;
};

export type TFieldCheck =
  | { ok: true }
  | { ok: false; reason: 'required' | 'minLength' | 'maxLength' | 'pattern' };

/**
 * Checks one value against its rule (decision 5.VAL.07: `acceptedPattern` '*' accepts any value and
 * overrides the pattern id; otherwise patternId decides). Empty optional fields pass.
 */
export function checkField(value: string | undefined | null, rule: TFieldRule): TFieldCheck {
  if (!rule.enabled) return { ok: true };
  const v = (value ?? '').trim();
  if (v === '') return rule.required ? { ok: false, reason: 'required' } : { ok: true };
  const length = [...v].length;
  if (length < rule.minLength) return { ok: false, reason: 'minLength' };
  if (length > rule.maxLength) return { ok: false, reason: 'maxLength' };
  if (rule.acceptedPattern === '*') return { ok: true };
  const pattern = FIELD_PATTERNS[rule.patternId];
  if (pattern?.regex && !pattern.regex.test(v)) return { ok: false, reason: 'pattern' };
  return { ok: true };
}
