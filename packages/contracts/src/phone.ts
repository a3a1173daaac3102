/**
 * A mobile number as typed, the way the site keeps it beside its dialling code (issue 25, decision
 * 5.LOGIN.05): spaces, dashes, dots and brackets dropped, and the trunk 0 that numbers are dialled
 * with at home removed (Thailand: 081-234-5678 with +66 is 812345678). Used by every form that takes
 * a number and by the server, so the rule a field checks is the rule of the number stored.
 */
export function nationalNumber(typed: string): string {
  return typed.trim().replace(/[\s().-]/g, '').replace(/^0+/, '');
}

/**
 * A login ID that is a phone number rather than a username (usernames start with a letter, 5.HINT.01):
 * digits with separators, optionally after a '+'. Returns the number's E.164 candidates for the
 * site's default dialling code: `+66812345678` and `66812345678` as written, anything else (the
 * national form with or without its 0) with the default code. Null when it is not a phone number.
 */
export function phoneLoginCandidates(loginId: string, defaultDial = '66'): string[] | null {
  const raw = loginId.trim().replace(/[\s().-]/g, '');
  if (!/^\+?[0-9]{6,16}$/.test(raw)) return null;
  if (raw.startsWith('+')) return [raw.slice(1).replace(/^0+/, '')];
  const national = raw.replace(/^0+/, '');
  if (national.length < 4) return null;
  const candidates = [`${defaultDial}${national}`];
  // The full international form typed without its '+' (66812345678): 11 digits for Thailand.
  if (!raw.startsWith('0') && national.startsWith(defaultDial) && national.length >= defaultDial.length + 8)
    candidates.push(national);
  return candidates;
}
