import { AppError } from '@lotus/contracts/app-error';
import type { TWhitelabel } from '@lotus/contracts/system';
import type { Database } from '../../db/client';
import type { Outbox } from '../../platform/outbox/outbox';
import { normalizeMobile } from '../../lib/mobile';
import type { ServerKeys } from '../../platform/keys/server-keys';
import { randomDigits, sameHex } from '../../platform/keys/secrets';
import { ipLimitKey } from '../../lib/ip';
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
    | 'lockKey'
    | 'insertSmsCode'
    | 'countSmsSince'
    | 'countSmsByDialSince'
    | 'findLiveSmsCode'
    | 'addSmsAttempt'
    | 'useSmsCode'
    | 'raiseSmsAlarm'
    | 'listSmsAlarms'
  >;
  keys: Pick<ServerKeys, 'mac'>;
  whitelabel: () => Promise<TWhitelabel>;
  /** The solved slider of this send (issue 6 finding 5: required, single use). */
  consumeSliderToken: (token: string | undefined, client: { ip: string; userAgent: string }) => Promise<boolean>;
  /** SMS leave through the outbox (kind 'sms'), delivered after the commit. */
  outbox: Pick<Outbox, 'enqueue' | 'seal'>;
  budget: SmsBudget;
  log: { warn: (obj: object, msg: string) => void };
  now?: () => number;
};

/** Operator view of the SMS budget (GET /ops/sms/budget, `npm run ops -- sms budget`). */
/**
 * Global and per-country SMS budgets: at most `dailyMax` sends in any 24 hours, and per country
 * calling code at most `perDialHourlyMax` sends in any hour (`perDial` overrides it per code).
 */
export type SmsBudget = { dailyMax: number; perDialHourlyMax: number; perDial: Record<string, number> };

export type SmsBudgetView = {
  daily: { sent: number; limit: number };
  perDialHourlyLimit: number;
  dials: { dial: string; sentLastHour: number; limit: number }[];
  alarms: { scope: string; windowStart: string; sent: number; limit: number; raisedAt: string }[];
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
 *
 * SMS pumping (issue 6 finding 5, docs/adr/0022-sms-pumping-defences.md): every send spends a solved
 * slider token; all sends together stay within a 24-hour budget and each country calling code within
 * an hourly limit (counted in sms_codes, shared by every instance). Above them sends are refused
 * (429 sms_unavailable) and an alarm is raised once per window (table sms_alarms, a warn log).
 */
export function createSmsService(deps: Deps) {
  const { database, repo, keys, outbox } = deps;
  const now = deps.now ?? Date.now;
  const codeMac = (purpose: SmsPurpose, e164: string, code: string) =>
    keys.mac(`sms:${purpose}:${e164}:${code}`);

  /**
   * Sends a code (or, on the register purpose, a notice to a number already registered). `memberOwning` is the
   * caller's: identity knows who owns a number; this module knows codes, limits and delivery.
   */
  async function send(
    purpose: SmsPurpose,
    input: { mobileNum: string; countryDialingCode: string; sliderToken?: string | undefined },
    client: { ip: string; userAgent: string; language: string },
    memberOwning: (e164: string) => Promise<number | null>,
  ): Promise<{ expiredMinutes: number }> {
    const flags = await deps.whitelabel();
    if (purpose === 'register' && !flags.REGMOBVERF3) throw new AppError('registration_closed', 403);
    if (purpose === 'login_or_reset' && !flags.MOBILEVERCODELOGIN3 && !flags.CHNGPASSVERIF3) {
      throw new AppError('sms_login_disabled', 403);
    }
    const mobile = normalizeMobile(input.countryDialingCode, input.mobileNum);
    if (!mobile) throw new AppError('invalid_mobile_number', 400, { mobileNum: 'pattern' });
    // A solved slider per send, whatever the number (the token is spent even when a limit refuses).
    if (!(await deps.consumeSliderToken(input.sliderToken, client))) {
      throw new AppError(input.sliderToken ? 'slider_invalid' : 'slider_required', 400);
    }

    const memberId = await memberOwning(mobile.e164);
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
    // Sealed before the transaction (the code is in the text); enqueued in it, sent after commit,
    // so the request never waits for a gateway (same answer time whether or not a message goes).
    const message = text ? await outbox.seal({ to: `+${mobile.e164}`, text }) : null;

    const t = now();
    const alarm = await database.tx(async (tx) => {
      // One lock for every send: the budget is counted and spent by one sender at a time.
      await repo.lockKey('sms:budget', tx);
      // Every send counts, whatever was (or was not) delivered, so limits reveal nothing either.
      for (const limit of SMS_LIMITS.perNumber) await enforce({ e164: mobile.e164 }, limit, t, tx);
      for (const limit of SMS_LIMITS.perIp) await enforce({ ip: ipLimitKey(client.ip) }, limit, t, tx);
      const exceeded = await overBudget(mobile.dial, t, tx);
      if (exceeded) return exceeded;
      await repo.insertSmsCode(
        {
          e164: mobile.e164,
          dial: mobile.dial,
          purpose,
          codeHash,
          // The limit key (an IPv6 sender's /64, security #16): what the per-address limit counts.
          ip: ipLimitKey(client.ip),
          expiresAt: new Date(t + SMS_CODE_TTL_MINUTES * MINUTE),
          createdAt: new Date(t),
        },
        tx,
      );
      if (message) await outbox.enqueue(tx, { kind: 'sms', payload: message });
      return null;
    });
    if (alarm) {
      // Outside the transaction that counted: the alarm row stays whatever the answer.
      const first = await database.tx((tx) => repo.raiseSmsAlarm({ ...alarm, raisedAt: new Date(t) }, tx));
      if (first) deps.log.warn({ smsAlarm: alarm.scope, sent: alarm.sent, limit: alarm.limit }, 'SMS budget exhausted: sends are refused');
      throw new AppError('sms_unavailable', 429, undefined, { retryAfterSeconds: alarm.retryAfterSeconds });
    }
    return { expiredMinutes: SMS_CODE_TTL_MINUTES };
  }

  const limitOfDial = (dial: string) => deps.budget.perDial[dial] ?? deps.budget.perDialHourlyMax;

  /** The budget a send would exceed (global 24 hours, then the calling code's hour), or null. */
  async function overBudget(dial: string, t: number, tx: Parameters<VerificationRepository['countSmsSince']>[2]) {
    const checks = [
      { scope: 'daily', where: {}, windowMs: DAY, limit: deps.budget.dailyMax },
      { scope: `dial:${dial}`, where: { dial }, windowMs: HOUR, limit: limitOfDial(dial) },
    ];
    for (const c of checks) {
      const { n, oldest } = await repo.countSmsSince(c.where, new Date(t - c.windowMs), tx);
      if (n >= c.limit) {
        const retryAfterMs = oldest ? oldest.getTime() + c.windowMs - t : c.windowMs;
        return {
          scope: c.scope,
          windowStart: new Date(Math.floor(t / c.windowMs) * c.windowMs),
          sent: n,
          limit: c.limit,
          retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
        };
      }
    }
    return null;
  }

  /** The operator's view: what was sent against each budget, and the alarms of the last 7 days. */
  async function budgetView(): Promise<SmsBudgetView> {
    const t = now();
    const daily = await repo.countSmsSince({}, new Date(t - DAY));
    const dials = await repo.countSmsByDialSince(new Date(t - HOUR), 50);
    const alarms = await repo.listSmsAlarms(new Date(t - 7 * DAY), 100);
    return {
      daily: { sent: daily.n, limit: deps.budget.dailyMax },
      perDialHourlyLimit: deps.budget.perDialHourlyMax,
      dials: dials.map((d) => ({ dial: d.dial ?? '', sentLastHour: d.n, limit: limitOfDial(d.dial ?? '') })),
      alarms: alarms.map((a) => ({
        scope: a.scope,
        windowStart: a.windowStart.toISOString(),
        sent: a.sent,
        limit: a.limit,
        raisedAt: a.raisedAt.toISOString(),
      })),
    };
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
   * an attempt; after SMS_MAX_ATTEMPTS the code is dead. Expired codes never match. With
   * `{ use: false }` a right code is left unused (registration checks it as the attempt's
   * challenge before its other checks, and uses it with the account: docs/adr/0072).
   */
  async function verify(
    purpose: SmsPurpose,
    e164: string,
    code: string | undefined,
    options: { use?: boolean } = {},
  ): Promise<boolean> {
    if (!code || !/^[0-9]{4,10}$/.test(code.trim())) return false;
    const t = new Date(now());
    const row = await repo.findLiveSmsCode(e164, purpose, t);
    if (!row?.codeHash || row.attempts >= SMS_MAX_ATTEMPTS) return false;
    if (!sameHex(row.codeHash, await codeMac(purpose, e164, code.trim()))) {
      await database.tx((tx) => repo.addSmsAttempt(row.id, tx));
      return false;
    }
    if (options.use === false) return true;
    return database.tx((tx) => repo.useSmsCode(row.id, t, tx));
  }

  return { send, verify, budgetView };
}

export type SmsService = ReturnType<typeof createSmsService>;
