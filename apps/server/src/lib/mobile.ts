import { nationalNumber } from '@lotus/contracts/phone';

// Mobile numbers (decision 5.LOGIN.05): used by identity (members, login, registration) and
// verification (SMS codes), so it lives below both.
export type Mobile = { dial: string; national: string; e164: string };

/**
 * A phone as stored: dialling code without '+', national number without leading zeros (Thai
 * numbers are often typed 0812345678), and the E.164 digits (66812345678) that make it unique.
 * Null when the result is not a plausible number (6..15 digits in all).
 */
export function normalizeMobile(dialingCode: string, mobileNum: string): Mobile | null {
  const dial = dialingCode.trim().replace(/^\+/, '');
  const national = nationalNumber(mobileNum);
  if (!/^[1-9][0-9]{0,3}$/.test(dial) || !/^[1-9][0-9]{3,13}$/.test(national)) return null;
  const e164 = `${dial}${national}`;
  if (e164.length < 7 || e164.length > 15) return null;
  return { dial, national, e164 };
}
