import { z } from 'zod';
import { OPS_ROLES } from './ops-permissions';
import { defineEndpoint, operator } from './endpoint';

/**
 * Operator identities, roles and the operator audit log (docs/adr/0019): `/ops/operators*`,
 * `/ops/audit*`, used by `npm run ops -- operator|audit ...` and the operator console later.
 * Authenticated like every /ops call; each route declares the permission it needs.
 */
const str = (max: number) => z.string().max(max);

export { OPS_PERMISSIONS, OPS_ROLE_PERMISSIONS, OPS_ROLES, roleAllows, type TOpsPermission, type TOpsRole } from './ops-permissions';
export const ZOpsRole = z.enum(OPS_ROLES);

/** Operator usernames: lower-case letters, digits, dot, dash, underscore; starts with a letter. */
export const ZOpsOperatorUsername = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[a-z][a-z0-9._-]*$/);

export const ZOpsOperatorRow = z.object({
  id: z.number().int(),
  username: str(40),
  displayName: str(80),
  role: ZOpsRole,
  status: z.enum(['active', 'disabled']),
  hasPassword: z.boolean(),
  hasTotp: z.boolean(),
  activeTokens: z.number().int(),
  createdAt: str(40),
  updatedAt: str(40),
});
export type TOpsOperatorRow = z.infer<typeof ZOpsOperatorRow>;
export const ZOpsOperatorList = z.array(ZOpsOperatorRow).max(1000);

/** A reason every console action carries (written to the audit log). */
export const ZOpsReason = z.string().trim().min(3).max(500);

/** The answer of a call that needs a second operator (docs/adr/0044): nothing changed yet. */
export const ZOpsApprovalRequested = z.object({
  approvalId: z.number().int(),
  status: z.literal('pending'),
  expiresAt: str(40),
});
export type TOpsApprovalRequested = z.infer<typeof ZOpsApprovalRequested>;

/** POST /ops/operators (an admin is a four-eyes request once the bootstrap has ended: docs/adr/0080). */
export const ZOpsOperatorCreate = z.object({
  username: ZOpsOperatorUsername,
  displayName: z.string().trim().min(1).max(80).optional(),
  role: ZOpsRole,
  /** Required when the creation is a four-eyes request (an admin). */
  reason: ZOpsReason.optional(),
});
export const ZOpsOperatorParam = z.object({ username: ZOpsOperatorUsername });
/** PUT /ops/operators/:username/status */
export const ZOpsOperatorStatus = z.object({ status: z.enum(['active', 'disabled']) });

/** API tokens: 1 to 365 days, 90 by default. */
export const OPS_TOKEN_DEFAULT_DAYS = 90;
export const ZOpsTokenCreate = z.object({
  days: z.number().int().min(1).max(365).default(OPS_TOKEN_DEFAULT_DAYS),
  name: z.string().trim().min(1).max(80).default('cli'),
  /** Required when the token is for another operator (a four-eyes request, docs/adr/0080). */
  reason: ZOpsReason.optional(),
});
/** The token is shown once, here; only its SHA-256 is stored. */
export const ZOpsTokenCreated = z.object({
  id: z.number().int(),
  username: str(40),
  name: str(80),
  token: str(200),
  expiresAt: str(40),
});
export type TOpsTokenCreated = z.infer<typeof ZOpsTokenCreated>;
export const ZOpsTokenRow = z.object({
  id: z.number().int(),
  username: str(40),
  name: str(80),
  createdAt: str(40),
  expiresAt: str(40),
  lastUsedAt: str(40).nullable(),
  revokedAt: str(40).nullable(),
});
export const ZOpsTokenList = z.array(ZOpsTokenRow).max(5000);
export const ZOpsTokenIdParam = z.object({ id: z.coerce.number().int().positive().max(2147483647) });
export const ZOpsTokenRevoked = z.object({ id: z.number().int(), revoked: z.boolean() });

/** The operator audit log (append-only, hash-chained). */
export const ZOpsAuditQuery = z.object({ limit: z.coerce.number().int().min(1).max(1000).default(50) });
export const ZOpsAuditRow = z.object({
  seq: z.number().int(),
  at: str(40),
  operatorId: z.number().int().nullable(),
  username: str(80),
  action: str(60),
  target: str(200),
  before: z.unknown(),
  after: z.unknown(),
  ip: str(60),
  userAgent: str(300),
  requestId: str(100),
  hash: str(64),
});
export type TOpsAuditRow = z.infer<typeof ZOpsAuditRow>;
export const ZOpsAuditList = z.array(ZOpsAuditRow).max(1000);
/** GET /ops/audit/verify: the chain recomputed from the first row. */
export const ZOpsAuditVerify = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  /** The first row whose hash or link does not match, or null. */
  firstBrokenSeq: z.number().int().nullable(),
  reason: str(200).nullable(),
  /**
   * The exported head the chain was compared with (docs/adr/0068): where heads are exported (`table` on
   * PostgreSQL when set up, else `file`; `none`: no export), and the last head there, null before the first.
   */
  anchor: z.object({
    store: z.enum(['file', 'table', 'none']),
    location: str(500).nullable(),
    seq: z.number().int().nullable(),
    at: str(40).nullable(),
  }),
});
export type TOpsAuditVerify = z.infer<typeof ZOpsAuditVerify>;

// ---------- endpoints ----------

export const listOperators = defineEndpoint({
  method: 'GET',
  path: '/ops/operators',
  tag: 'ops',
  summary: 'Operators (role, status, live tokens)',
  auth: operator('operators.read'),
  response: ZOpsOperatorList,
});

export const createOperator = defineEndpoint({
  method: 'POST',
  path: '/ops/operators',
  tag: 'ops',
  summary: 'Create an operator (an admin waits for a second admin once the bootstrap has ended)',
  auth: operator('operators.write', 'operator.create'),
  body: ZOpsOperatorCreate,
  response: z.union([ZOpsOperatorRow, ZOpsApprovalRequested]),
});

export const setOperatorStatus = defineEndpoint({
  method: 'PUT',
  path: '/ops/operators/:username/status',
  tag: 'ops',
  summary: "Disable or enable an operator (a disabled operator's tokens are refused)",
  auth: operator('operators.write', 'operator.status'),
  params: ZOpsOperatorParam,
  body: ZOpsOperatorStatus,
  response: ZOpsOperatorRow,
});

export const listTokens = defineEndpoint({
  method: 'GET',
  path: '/ops/tokens',
  tag: 'ops',
  summary: 'API tokens (never the token itself)',
  auth: operator('operators.read'),
  response: ZOpsTokenList,
});

export const createToken = defineEndpoint({
  method: 'POST',
  path: '/ops/operators/:username/tokens',
  tag: 'ops',
  summary: "A new API token (shown once): the caller's own at once, another operator's after a second admin approves",
  auth: operator('operators.write', 'operator.token.create'),
  params: ZOpsOperatorParam,
  body: ZOpsTokenCreate,
  response: z.union([ZOpsTokenCreated, ZOpsApprovalRequested]),
});

export const revokeToken = defineEndpoint({
  method: 'DELETE',
  path: '/ops/tokens/:id',
  tag: 'ops',
  summary: 'Revoke an API token',
  auth: operator('operators.write', 'operator.token.revoke'),
  params: ZOpsTokenIdParam,
  response: ZOpsTokenRevoked,
});

export const rotateToken = defineEndpoint({
  method: 'POST',
  path: '/ops/tokens/rotate',
  tag: 'ops',
  summary: "Replace the caller's own token: a new one is returned, the one used for this call is revoked",
  auth: operator('self.rotate', 'operator.token.rotate'),
  body: z.object({ days: ZOpsTokenCreate.shape.days }).optional(),
  response: ZOpsTokenCreated,
});

export const listAudit = defineEndpoint({
  method: 'GET',
  path: '/ops/audit',
  tag: 'ops',
  summary: 'The operator audit log, newest first',
  auth: operator('audit.read'),
  query: ZOpsAuditQuery,
  response: ZOpsAuditList,
});

export const verifyAudit = defineEndpoint({
  method: 'GET',
  path: '/ops/audit/verify',
  tag: 'ops',
  summary: 'Recompute the audit hash chain; names the first broken row',
  auth: operator('audit.read'),
  response: ZOpsAuditVerify,
});
