import { AppError } from '@lotus/contracts/app-error';
import type { TWhitelabel } from '@lotus/contracts/system';
import type { Database } from '../../db/client';
import type { Background } from '../identity/background';
import { normalizeMobile } from '../identity/identity.rules';
import type { ServerKeys } from '../identity/server-keys';
import { randomDigits, sameHex } from '../identity/secrets';
import { ipLimitKey } from '../../lib/ip';
import type { SmsProvider } from './sms.providers';
import type { VerificationRepository } from './verification.repository';

/**
 * Purposes of SMS codes (decision 4.SMS.07, docs/adr): /wps/verification/sms/register sends
 * 'register' codes (registration); /wps/verification/sms/noLogin sends 'login_or_reset' codes (SMS
 * login and forgot-by-phone, both for an existing member).
 */
export type SmsPurpose = 'register' | 'login_or_reset';

export const SMS_CODE_TTL_MINUTES = 5;
export const SMS_MAX_ATTEMPTS = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Sends allowed per number and per address (decision; docs/adr SMS endpoint mapping). */
export const SMS_LIMITS = {
  perNumber: [
    { max: 1, windowMs: MINUTE },
    { max: 5, windowMs: HOUR },
    { max: 10, windowMs: DAY },
  ],
  perIp: [
    { max: 10, windowMs: HOUR },
    { max: 30, windowMs: DAY },
  ],
} as const;

type Deps = {
  database: Pick<Database, 'tx'>;
  repo: Pick<
    VerificationRepository,
    'lockKey' | 'insertSmsCode' | 'countSmsSince' | 'findLiveSmsCode' | 'addSmsAttempt' | 'useSmsCode'
  >;
  keys: Pick<ServerKeys, 'mac'>;
  provider: SmsProvider;
  /** Whether a member owns this phone (E.164 digits). */
  findMemberIdByE164: (e164: string) => Promise<number | null>;
  whitelabel: () => Promise<TWhitelabel>;
  /** A slider token sent along (decision 7.AUTH.06: optional; when given it must be valid). */
  consumeSliderToken: (token: string, client: { ip: string; userAgent: string }) => Promise<boolean>;
  background: Background;
  now?: () => number;
};

const TEXTS = {
  code: {
    th: (code: string) =>
      `Lotus: รหัสยืนยันของคุณคือ ${code} ใช้ได้ภายใน ${SMS_CODE_TTL_MINUTES} นาที ห้ามบอกรหัสนี้กับผู้อื่น`,
    en: (code: string) =>
      `Lotus: your verification code is ${code}. It expires in ${SMS_CODE_TTL_MINUTES} minutes. Never share it.`,
  },
  alreadyRegistered: {
    th: () => 'Lotus: หมายเลขนี้ลงทะเบียนแล้ว หากลืมรหัสผ่าน กรุณาใช้ "ลืมรหัสผ่าน" บนหน้าเข้าสู่ระบบ',
    en: () =>
      'Lotus: this number is already registered. If you forgot your password, use "Forgot password" on the login page.',
  },
};
const pick = <T>(texts: { th: T; en: T }, language: string) =>
  language.startsWith('th') ? texts.th : texts.en;

/**
 * SMS codes: 6 digits stored as a keyed hash with their purpose, single use, expiring after
 * 5 minutes, at most 5 attempts. Limits per number, per address and per day answer 429 sms_limit
 * with details.retryAfterSeconds. Answers never tell whether a number belongs to a member.
 */
export function createSmsService(deps: Deps) {
  const { database, repo, keys, provider, background } = deps;
  const now = deps.now ?? Date.now;
  const codeMac = (purpose: SmsPurpose, e164: string, code: string) =>
    keys.mac(`sms:${purpose}:${e164}:${code}`);

  async function send(
    purpose: SmsPurpose,
    input: { mobileNum: string; countryDialingCode: string; sliderToken?: string | undefined },
    client: { ip: string; userAgent: string; language: string },
  ): Promise<{ expiredMinutes: number }> {
    const flags = await deps.whitelabel();
    if (purpose === 'register' && !flags.REGMOBVERF3) throw new AppError('registration_closed', 403);
    if (purpose === 'login_or_reset' && !flags.MOBILEVERCODELOGIN3 && !flags.CHNGPASSVERIF3) {
      throw new AppError('sms_login_disabled', 403);
    }
    const mobile = normalizeMobile(input.countryDialingCode, input.mobileNum);
    if (!mobile) throw new AppError('invalid_mobile_number', 400, { mobileNum: 'pattern' });
    if (input.sliderToken !== undefined && !(await deps.consumeSliderToken(input.sliderToken, client))) {
      throw new AppError('slider_invalid', 400);
    }

    const memberId = await deps.findMemberIdByE164(mobile.e164);
    // register: a free number gets a code, a registered one a notice (its owner learns why the
    // registration will not go through; the caller learns nothing). login_or_reset: only a member's
    // number gets a code; an unknown one gets nothing, with the same answer.
    let text: string | null = null;
    let code: string | null = null;
    if (purpose === 'register') {
      if (memberId === null) code = randomDigits(6);
      else text = pick(TEXTS.alreadyRegistered, client.language)();
    } else if (memberId !== null) {
      code = randomDigits(6);
    }
    if (code) text = pick(TEXTS.code, client.language)(code);
    const codeHash = code ? await codeMac(purpose, mobile.e164, code) : null;

    const t = now();
    await database.tx(async (tx) => {
      await repo.lockKey(`sms:${mobile.e164}`, tx);
      // Every send counts, whatever was (or was not) delivered, so limits reveal nothing either.
      for (const limit of SMS_LIMITS.perNumber) await enforce({ e164: mobile.e164 }, limit, t, tx);
      for (const limit of SMS_LIMITS.perIp) await enforce({ ip: ipLimitKey(client.ip) }, limit, t, tx);
      await repo.insertSmsCode(
        {
          e164: mobile.e164,
          purpose,
          codeHash,
          // The limit key (an IPv6 sender's /64, security #16): what the per-address limit counts.
          ip: ipLimitKey(client.ip),
          expiresAt: new Date(t + SMS_CODE_TTL_MINUTES * MINUTE),
          createdAt: new Date(t),
        },
        tx,
      );
    });
    if (text) {
      const message = { to: `+${mobile.e164}`, text };
      background.run('sms', () => provider.send(message));
    }
    return { expiredMinutes: SMS_CODE_TTL_MINUTES };
  }

  async function enforce(
    where: { e164?: string; ip?: string },
    limit: { max: number; windowMs: number },
    t: number,
    tx: Parameters<VerificationRepository['countSmsSince']>[2],
  ) {
    const { n, oldest } = await repo.countSmsSince(where, new Date(t - limit.windowMs), tx);
    if (n >= limit.max) {
      const retryAfterMs = oldest ? oldest.getTime() + limit.windowMs - t : limit.windowMs;
      throw new AppError('sms_limit', 429, undefined, {
        retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
      });
    }
  }

  /**
   * Checks a code for a number and purpose. True once: the code is then used. A wrong code counts
   * an attempt; after SMS_MAX_ATTEMPTS the code is dead. Expired codes never match.
   */
  async function verify(purpose: SmsPurpose, e164: string, code: string | undefined): Promise<boolean> {
    if (!code || !/^[0-9]{4,10}$/.test(code.trim())) return false;
    const t = new Date(now());
    const row = await repo.findLiveSmsCode(e164, purpose, t);
    if (!row?.codeHash || row.attempts >= SMS_MAX_ATTEMPTS) return false;
    if (!sameHex(row.codeHash, await codeMac(purpose, e164, code.trim()))) {
      await repo.addSmsAttempt(row.id);
      return false;
    }
    return repo.useSmsCode(row.id, t);
  }

  return { send, verify };
}

export type SmsService = ReturnType<typeof createSmsService>;
