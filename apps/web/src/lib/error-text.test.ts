import { afterAll, describe, expect, it } from 'vitest';
import { setTestLanguage } from '@/test/render';
import { ApiError } from '@/lib/api-client';
import { escapeHtml, getErrorText } from './error-text';

const THAI = /[\u0E00-\u0E7F]/;
const text = (code: ConstructorParameters<typeof ApiError>[0]) => getErrorText(new ApiError(code, 400));

afterAll(() => setTestLanguage('en'));

describe('phone-auth error codes (8.PHN) and server messages', () => {
  it('8.PHN.01 each phone-auth code has its own message, in EN and TH', async () => {
    const codes = [
      'auth/invalid-phone-number',
      'auth/missing-phone-number',
      'auth/invalid-verification-code',
      'auth/missing-verification-code',
      'auth/captcha-check-failed',
      'auth/operation-not-allowed',
      'auth/code-expired',
    ] as const;
    await setTestLanguage('en');
    const en = codes.map(text);
    expect(new Set(en).size).toBe(codes.length);
    for (const message of en) expect(message).not.toMatch(/^auth\//);
    await setTestLanguage('th');
    for (const code of codes) expect(text(code)).toMatch(THAI);
  });

  it('8.PHN.02-05 too-many-requests says 5 minutes, unknown says contact support, quota-exceeded contact service, popup closed: Login failure', async () => {
    await setTestLanguage('en');
    expect(text('auth/too-many-requests')).toMatch(/5 minutes/);
    expect(text('auth/unknown')).toMatch(/contact support/i);
    expect(text('auth/quota-exceeded')).toMatch(/contact customer service/i);
    expect(text('auth/popup-closed-by-user')).toBe('Login failure. Please try again.');
    await setTestLanguage('th');
    expect(text('auth/too-many-requests')).toMatch(/5 นาที/);
  });

  it('8.ERR.02 a message the catalogue does not know is shown as the server sent it; HTML is escaped for dialogs', async () => {
    await setTestLanguage('en');
    expect(getErrorText(new ApiError('unknown_error', 400, { serverMessage: 'Gateway <b>down</b>' }))).toBe('Gateway <b>down</b>');
    expect(escapeHtml('Gateway <b>down</b> & "x"')).toBe('Gateway &#60;b&#62;down&#60;/b&#62; &#38; &#34;x&#34;');
    expect(getErrorText(new Error('boom'))).toBe('Unknown error, please try again later');
  });
});

describe('issue 23 #2 a refused withdrawal names the wagering outstanding', () => {
  it('the amount the error carries is in its text, in EN and TH', async () => {
    const refused = new ApiError('withdrawal_turnover_not_met', 403, { hints: { outstanding: '20000.00' } });
    await setTestLanguage('en');
    expect(getErrorText(refused)).toContain('฿20,000.00');
    await setTestLanguage('th');
    expect(getErrorText(refused)).toContain('฿20,000.00');
    expect(getErrorText(refused)).toMatch(THAI);
  });
});
