import { z } from 'zod';
import { ZDialingCode, ZMobileNum } from './auth';
import { defineEndpoint, operator } from './endpoint';
import { PASSWORD_INPUT_MAX } from './password-floor';

/**
 * Operator API for accounts and access (`/ops/members`, `/ops/sms`, `/ops/mail`), used by
 * `npm run ops -- member|sms|mail ...`. Authenticated like every /ops call.
 */
const str = (max: number) => z.string().max(max);

export const ZOpsMemberRow = z.object({
  id: z.number().int(),
  username: str(40),
  mobile: str(24).nullable(),
  email: str(120).nullable(),
  type: z.number().int(),
  isAgent: z.number().int(),
  status: str(20),
  referralCode: str(20),
  uplineId: z.number().int().nullable(),
  /** The second factor is locked after too many wrong codes (logins themselves never lock, docs/adr/0020). */
  locked: z.boolean(),
  twoFactor: z.boolean(),
  createdAt: str(40),
  lastLoginAt: str(40).nullable(),
});
export type TOpsMemberRow = z.infer<typeof ZOpsMemberRow>;
export const ZOpsMemberList = z.array(ZOpsMemberRow).max(1000);
export const ZOpsListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  /** A number (+E.164 digits) or an email address (up to 254 characters, RFC 5321). */
  to: str(254)
    .regex(/^\+?[0-9]{6,15}$|^[^\s@]+@[^\s@]+$/)
    .optional(),
  /** Paging, newest first: only rows older than this id (the last id of the previous page). */
  beforeId: z.coerce.number().int().positive().max(2147483647).optional(),
});

/** POST /ops/members: an account created for somebody; its first login forces a new password. */
export const ZOpsMemberCreate = z.object({
  username: z
    .string()
    .trim()
    .min(2)
    .max(40)
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/),
  /** Checked against the password floor by the service (docs/adr/0021-password-floor.md). */
  password: z.string().min(1).max(PASSWORD_INPUT_MAX),
  /** 0 member; 1, 2, 41, 42 agent levels (decision 6.ROLE.07). */
  isAgent: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(41), z.literal(42)]).default(0),
  mobileNum: ZMobileNum.optional(),
  countryDialingCode: ZDialingCode.optional(),
});
export const ZOpsUsernameParam = z.object({ username: z.string().trim().min(1).max(60) });
export const ZOpsUnlocked = z.object({ username: str(60), unlocked: z.boolean() });
export const ZOpsMemberStatus = z.object({ status: z.enum(['active', 'disabled']) });
export const ZOpsMemberStatusResult = z.object({ id: z.number().int(), username: str(40), status: str(20) });

export const ZOpsSmsRow = z.object({ id: z.number().int(), to: str(20), text: str(500), createdAt: str(40) });
export const ZOpsSmsList = z.array(ZOpsSmsRow).max(1000);
/** GET /ops/sms/budget: SMS sent against the pumping budgets and the alarms of the last 7 days (docs/adr/0022). */
export const ZOpsSmsBudget = z.object({
  daily: z.object({ sent: z.number().int(), limit: z.number().int() }),
  perDialHourlyLimit: z.number().int(),
  dials: z.array(z.object({ dial: str(4), sentLastHour: z.number().int(), limit: z.number().int() })).max(50),
  alarms: z
    .array(
      z.object({
        scope: str(20),
        windowStart: str(40),
        sent: z.number().int(),
        limit: z.number().int(),
        raisedAt: str(40),
      }),
    )
    .max(100),
});
export type TOpsSmsBudget = z.infer<typeof ZOpsSmsBudget>;
export const ZOpsMailRow = z.object({
  id: z.number().int(),
  to: str(200),
  subject: str(200),
  text: str(20_000),
  createdAt: str(40),
});
export const ZOpsMailList = z.array(ZOpsMailRow).max(1000);

/**
 * GET /ops/challenges/:id: a live captcha's text or slider puzzle's gap offset, without using it
 * (support staff, end-to-end tests). Unknown or expired: 404.
 */
export const ZOpsChallengeParam = z.object({ id: str(64).regex(/^[A-Za-z0-9_-]+$/) });
export const ZOpsChallenge = z.object({
  kind: z.enum(['captcha', 'slider']),
  answer: str(12).nullable(),
  gapX: z.number().int().nullable(),
});

// ---------- endpoints (unlock and status, whose bodies take the console's reason, are in ops-console.ts) ----------

export const listMembers = defineEndpoint({
  method: 'GET',
  path: '/ops/members',
  tag: 'ops',
  summary: 'Latest members (locked: the second factor is locked)',
  auth: operator('read'),
  query: ZOpsListQuery,
  response: ZOpsMemberList,
});

export const createMember = defineEndpoint({
  method: 'POST',
  path: '/ops/members',
  tag: 'ops',
  summary: 'Create an account for somebody (its first login forces a new password)',
  auth: operator('members.write', 'member.create'),
  body: ZOpsMemberCreate,
  response: ZOpsMemberRow,
});

export const peekChallenge = defineEndpoint({
  method: 'GET',
  path: '/ops/challenges/:id',
  tag: 'ops',
  summary: 'A live captcha text or slider gap offset (support, end-to-end tests); nothing is used up',
  auth: operator('secrets.read', 'secret.challenge.read'),
  params: ZOpsChallengeParam,
  response: ZOpsChallenge,
});

export const listSmsOutbox = defineEndpoint({
  method: 'GET',
  path: '/ops/sms',
  tag: 'ops',
  summary: 'SMS outbox (the default provider), newest first; each read is audited',
  auth: operator('secrets.read', 'secret.sms_outbox.read'),
  query: ZOpsListQuery,
  response: ZOpsSmsList,
});

export const getSmsBudget = defineEndpoint({
  method: 'GET',
  path: '/ops/sms/budget',
  tag: 'ops',
  summary: 'SMS pumping defences: sends against the daily budget and per calling code, alarms of the last 7 days',
  auth: operator('read'),
  response: ZOpsSmsBudget,
});

export const listMailOutbox = defineEndpoint({
  method: 'GET',
  path: '/ops/mail',
  tag: 'ops',
  summary: 'Mail outbox (the sandbox transport), newest first; each read is audited',
  auth: operator('secrets.read', 'secret.mail_outbox.read'),
  query: ZOpsListQuery,
  response: ZOpsMailList,
});
