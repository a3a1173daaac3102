import { z } from 'zod';
import { defineEndpoint, operator } from './endpoint';
import { ZOpsMemberRow, ZOpsMemberStatus, ZOpsMemberStatusResult, ZOpsUnlocked, ZOpsUsernameParam } from './ops-accounts';
import {
  OPS_PERMISSIONS,
  ZOpsApprovalRequested,
  ZOpsAuditRow,
  ZOpsOperatorParam,
  ZOpsOperatorUsername,
  ZOpsReason,
  ZOpsRole,
} from './ops-operators';

export { ZOpsApprovalRequested, ZOpsReason, type TOpsApprovalRequested } from './ops-operators';

/**
 * The operator console (apps/backoffice) and what it adds to the operator API: console sign-in
 * with password and TOTP (docs/adr/0043), four-eyes approvals (docs/adr/0044), member search and
 * detail, audit filters (docs/adr/0046). The console calls only /ops/*, with its session cookie.
 */
const str = (max: number) => z.string().max(max);

/** The console session cookie (HttpOnly, SameSite=Strict, Path=/ops). */
export const OPS_CONSOLE_COOKIE = 'lotus_ops_session';
/**
 * Every mutating console call sends this header with the value `1` (a cross-site form or image
 * cannot set it; a cross-site script would need CORS, which /ops never grants): the CSRF check.
 */
export const OPS_CONSOLE_CSRF_HEADER = 'x-lotus-console';

/** Console passwords: at least 12 characters (the operator floor), at most 128. */
export const OPS_PASSWORD_MIN = 12;
export const ZOpsPassword = z.string().min(OPS_PASSWORD_MIN).max(128);

/** POST /ops/console/sign-in */
export const ZConsoleSignIn = z.object({
  username: ZOpsOperatorUsername,
  password: z.string().min(1).max(128),
});
/** The answer of the password step: the second step is due (a code, or enrolment first). */
export const ZConsoleSignInStep = z.object({
  next: z.enum(['totp', 'enrol']),
  /** Only for `enrol`: the new secret, as a key to type and a QR code (data URL) to scan. */
  enrolment: z
    .object({ secret: str(64), otpauthUri: str(500), qrDataUrl: str(20_000) })
    .nullable(),
  /** The password was reset by an admin: the second step must set a new one. */
  mustChangePassword: z.boolean(),
});
export type TConsoleSignInStep = z.infer<typeof ZConsoleSignInStep>;

/** POST /ops/console/second-factor (with the cookie of the password step). */
export const ZConsoleSecondFactor = z.object({
  code: z.string().regex(/^[0-9]{6}$/),
  newPassword: ZOpsPassword.optional(),
});

/** GET /ops/console/me: who is signed in and what the role allows (the console's navigation). */
export const ZConsoleMe = z.object({
  id: z.number().int(),
  username: str(40),
  displayName: str(80),
  role: ZOpsRole,
  permissions: z.array(z.enum(OPS_PERMISSIONS)).max(OPS_PERMISSIONS.length),
  /** Idle expiry of the session in seconds. */
  idleSeconds: z.number().int(),
});
export type TConsoleMe = z.infer<typeof ZConsoleMe>;

/** POST /ops/console/password */
export const ZConsolePasswordChange = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: ZOpsPassword,
});
export const ZConsoleDone = z.object({ done: z.literal(true) });

export const ZOpsReasonBody = z.object({ reason: ZOpsReason });

/** POST /ops/operators/:username/credentials: a one-time password, shown once; TOTP enrols again. */
export const ZOpsCredentialsReset = z.object({ username: str(40), temporaryPassword: str(64) });
/** Another operator's credentials are a four-eyes request (docs/adr/0080): its reason. */
export const ZOpsCredentialsResetBody = z.object({ reason: ZOpsReason.optional() }).nullish();

/** PUT /ops/operators/:username/role: a four-eyes request. */
export const ZOpsRoleChange = z.object({ role: ZOpsRole, reason: ZOpsReason });

export const postConsoleSignIn = defineEndpoint({
  method: 'POST',
  path: '/ops/console/sign-in',
  tag: 'ops console',
  summary: 'Console sign-in, step 1: username and password (then a TOTP code, or enrolment)',
  auth: 'console-sign-in',
  body: ZConsoleSignIn,
  response: ZConsoleSignInStep,
});

export const postConsoleSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/ops/console/second-factor',
  tag: 'ops console',
  summary: 'Console sign-in, step 2: the TOTP code (and a new password after a reset); a new session cookie',
  auth: 'console-sign-in',
  body: ZConsoleSecondFactor,
  response: ZConsoleDone,
});

export const getConsoleMe = defineEndpoint({
  method: 'GET',
  path: '/ops/console/me',
  tag: 'ops console',
  summary: 'The signed-in operator, role and permissions',
  auth: operator('self'),
  response: ZConsoleMe,
});

export const postConsoleSignOut = defineEndpoint({
  method: 'POST',
  path: '/ops/console/sign-out',
  tag: 'ops console',
  summary: 'End this console session',
  auth: operator('self', 'console.sign_out'),
  response: ZConsoleDone,
});

export const changeConsolePassword = defineEndpoint({
  method: 'POST',
  path: '/ops/console/password',
  tag: 'ops console',
  summary: 'Change the own console password (other sessions end; this one gets a new cookie)',
  auth: operator('self', 'console.password'),
  body: ZConsolePasswordChange,
  response: ZConsoleDone,
});

export const resetOperatorCredentials = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:username/credentials',
  tag: 'ops console',
  summary:
    "Reset console credentials: a one-time password (shown once), TOTP enrolled again, sessions end; another operator's after a second admin approves",
  auth: operator('operators.write', 'operator.credentials.reset'),
  params: ZOpsOperatorParam,
  body: ZOpsCredentialsResetBody,
  response: z.union([ZOpsCredentialsReset, ZOpsApprovalRequested]),
});

// ---------- four-eyes approvals ----------
export const OPS_APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export const ZOpsApprovalStatus = z.enum(OPS_APPROVAL_STATUSES);
export const ZOpsApprovalRow = z.object({
  id: z.number().int(),
  action: str(60),
  target: str(200),
  payload: z.unknown(),
  reason: str(500),
  status: ZOpsApprovalStatus,
  requestedBy: str(80),
  createdAt: str(40),
  expiresAt: str(40),
  decidedBy: str(80).nullable(),
  decidedAt: str(40).nullable(),
  decisionNote: str(500).nullable(),
  /**
   * Secrets the applied change produced (another operator's API token or one-time console password,
   * docs/adr/0080), shown once to the approver in the approve answer: never to the requester, never
   * stored, never in a list.
   */
  revealed: z.record(str(40), str(200)).optional(),
});
export type TOpsApprovalRow = z.infer<typeof ZOpsApprovalRow>;
export const ZOpsApprovalQuery = z.object({
  status: ZOpsApprovalStatus.optional(),
  /** Contained in the action, the target or the requester's username. */
  q: z.string().trim().max(100).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZOpsApprovalPage = z.object({ rows: z.array(ZOpsApprovalRow).max(100), total: z.number().int() });
export const ZOpsApprovalIdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const ZOpsApprovalDecision = z.object({ note: z.string().trim().max(500).optional() });

export const requestOperatorRole = defineEndpoint({
  method: 'PUT',
  path: '/ops/operators/:username/role',
  tag: 'ops console',
  summary: "Change an operator's role: a four-eyes request, applied when a second admin approves",
  auth: operator('operators.write', 'approval.request'),
  params: ZOpsOperatorParam,
  body: ZOpsRoleChange,
  response: ZOpsApprovalRequested,
});

export const listApprovals = defineEndpoint({
  method: 'GET',
  path: '/ops/approvals',
  tag: 'ops console',
  summary: 'Four-eyes requests, newest first',
  auth: operator('read'),
  query: ZOpsApprovalQuery,
  response: ZOpsApprovalPage,
});

/** Any operator may call; the action's own permission is checked by the mechanism. */
export const approveApproval = defineEndpoint({
  method: 'POST',
  path: '/ops/approvals/:id/approve',
  tag: 'ops console',
  summary: "Approve and apply a pending request (not one's own; the role must allow the action)",
  auth: operator('read', 'approval.approve'),
  params: ZOpsApprovalIdParam,
  body: ZOpsApprovalDecision.nullish(),
  response: ZOpsApprovalRow,
});

export const rejectApproval = defineEndpoint({
  method: 'POST',
  path: '/ops/approvals/:id/reject',
  tag: 'ops console',
  summary: 'Reject a pending request (or withdraw one of your own); nothing is applied',
  auth: operator('read', 'approval.reject'),
  params: ZOpsApprovalIdParam,
  body: ZOpsApprovalDecision.nullish(),
  response: ZOpsApprovalRow,
});

// ---------- members ----------
export const OPS_MEMBER_SORTS = ['id', 'username', 'createdAt', 'lastLoginAt'] as const;
/** GET /ops/members/search: q matches username (prefix), mobile, email (exact) or id. */
export const ZOpsMemberSearchQuery = z.object({
  q: z.string().trim().max(120).optional(),
  status: z.enum(['active', 'disabled']).optional(),
  sort: z.enum(OPS_MEMBER_SORTS).default('id'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TOpsMemberSearchQuery = z.infer<typeof ZOpsMemberSearchQuery>;
export const ZOpsMemberPage = z.object({ rows: z.array(ZOpsMemberRow).max(100), total: z.number().int() });
export const ZOpsMemberIdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const ZOpsMemberDetail = z.object({
  member: ZOpsMemberRow.extend({
    createdBy: str(20),
    language: str(10).nullable(),
    lastLoginIp: str(64).nullable(),
    registerIp: str(64).nullable(),
    passwordChangeRequired: z.boolean(),
  }),
  sessions: z
    .array(z.object({ id: str(32), createdAt: str(40), lastSeenAt: str(40), expiresAt: str(40), ip: str(64), userAgent: str(300) }))
    .max(100),
  authEvents: z
    .array(z.object({ id: z.number().int(), event: str(40), outcome: str(60), ip: str(64), userAgent: str(300), createdAt: str(40) }))
    .max(100),
});
export type TOpsMemberDetail = z.infer<typeof ZOpsMemberDetail>;
export const ZOpsSessionsRevoked = z.object({ username: str(40), revoked: z.number().int() });
export const ZOpsPasswordChangeRequired = z.object({ username: str(40), passwordChangeRequired: z.literal(true) });

export const searchMembers = defineEndpoint({
  method: 'GET',
  path: '/ops/members/search',
  tag: 'ops',
  summary: 'Members by username (prefix), mobile, email or id; filtered, sorted, paged',
  auth: operator('read'),
  query: ZOpsMemberSearchQuery,
  response: ZOpsMemberPage,
});

export const getMemberDetail = defineEndpoint({
  method: 'GET',
  path: '/ops/members/:id/detail',
  tag: 'ops',
  summary: 'A member: profile, agent level, status, live sessions, latest authentication events',
  auth: operator('read'),
  params: ZOpsMemberIdParam,
  response: ZOpsMemberDetail,
});

// Unlock and status: the reason is optional (the command line unlocks, disables and enables without one).
export const unlockMember = defineEndpoint({
  method: 'POST',
  path: '/ops/members/:username/unlock',
  tag: 'ops',
  summary: 'Clear the login throttles of a username (every address) and its second-factor lock',
  auth: operator('members.write', 'member.unlock'),
  params: ZOpsUsernameParam,
  body: z.object({ reason: ZOpsReason.optional() }).nullish(),
  response: ZOpsUnlocked,
});

export const setMemberStatus = defineEndpoint({
  method: 'PUT',
  path: '/ops/members/:username/status',
  tag: 'ops',
  summary: 'active, or disabled (a non-member: member_no_enter)',
  auth: operator('members.write', 'member.status'),
  params: ZOpsUsernameParam,
  body: ZOpsMemberStatus.extend({ reason: ZOpsReason.optional() }),
  response: ZOpsMemberStatusResult,
});

export const revokeMemberSessions = defineEndpoint({
  method: 'POST',
  path: '/ops/members/:username/sessions/revoke',
  tag: 'ops',
  summary: 'End every session of a member (with a reason)',
  auth: operator('members.write', 'member.sessions.revoke'),
  params: ZOpsUsernameParam,
  body: ZOpsReasonBody,
  response: ZOpsSessionsRevoked,
});

export const requirePasswordChange = defineEndpoint({
  method: 'POST',
  path: '/ops/members/:username/password-change',
  tag: 'ops',
  summary: 'Require a new password at the next login (sessions end now; with a reason)',
  auth: operator('members.write', 'member.password.require_change'),
  params: ZOpsUsernameParam,
  body: ZOpsReasonBody,
  response: ZOpsPasswordChangeRequired,
});

// ---------- audit ----------
/** GET /ops/audit/search: filters and paging of the audit log (newest first). */
export const ZOpsAuditSearchQuery = z.object({
  operator: z.string().trim().max(80).optional(),
  action: z.string().trim().max(60).optional(),
  target: z.string().trim().max(200).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type TOpsAuditSearchQuery = z.infer<typeof ZOpsAuditSearchQuery>;
export const ZOpsAuditPage = z.object({ rows: z.array(ZOpsAuditRow).max(100), total: z.number().int() });

export const searchAudit = defineEndpoint({
  method: 'GET',
  path: '/ops/audit/search',
  tag: 'ops console',
  summary: 'The operator audit log filtered by operator, action, target and time, paged',
  auth: operator('audit.read'),
  query: ZOpsAuditSearchQuery,
  response: ZOpsAuditPage,
});

// ---------- dashboard ----------
/** GET /ops/members/figures: account figures from the database (the console's dashboard). */
export const ZOpsAccountFigures = z.object({
  generatedAt: str(40),
  members: z.number().int(),
  registrations24h: z.number().int(),
  logins24h: z.number().int(),
  failedLogins24h: z.number().int(),
  lockouts24h: z.number().int(),
  activeSessions: z.number().int(),
  /** The last 7 days (Bangkok days, oldest first). */
  days: z
    .array(z.object({ day: str(10), registrations: z.number().int(), logins: z.number().int(), failedLogins: z.number().int() }))
    .max(7),
});
export type TOpsAccountFigures = z.infer<typeof ZOpsAccountFigures>;
export const getAccountFigures = defineEndpoint({
  method: 'GET',
  path: '/ops/members/figures',
  tag: 'ops',
  summary: 'Account figures: members, registrations, logins, failed logins, lockouts, active sessions (24 h and 7 days)',
  auth: operator('read'),
  response: ZOpsAccountFigures,
});
