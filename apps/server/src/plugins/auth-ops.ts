import { AppError } from '@lotus/contracts/app-error';
import { OPS_CONSOLE_COOKIE, OPS_CONSOLE_CSRF_HEADER } from '@lotus/contracts/ops-console';
import { roleAllows, type TOpsPermission } from '@lotus/contracts/ops-operators';
import fastifyCookie from '@fastify/cookie';
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { AuthenticatedOperator, OpsActor, OpsAudit, OpsAuditNote } from '../platform/audit/ops.audit';

/**
 * What every /ops route declares in its `config.ops`:
 * - permission: what the caller's role must allow (contracts/ops-operators OPS_ROLE_PERMISSIONS);
 * - audit: the action written to the operator audit log. Required for every mutating method and
 *   for reads of secrets; the handler passes `auditNote(req)` to the service, which reports the
 *   target and before/after.
 */
export type OpsRouteConfig = { permission: TOpsPermission | 'public'; audit?: string };

/**
 * `permission: 'public'` is only for the console's sign-in steps (docs/adr/0043): no credential
 * yet; the console service writes their audit rows itself (the operator is known only inside).
 */
const PUBLIC = 'public';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The caller of the command line's direct mode (`npm run ops -- --direct`, no server running): the
 * same /ops routes run in process through `app.inject`, authenticated by a random token that lives
 * only in that process's memory (the app never listens). It has no operator row and no stored
 * token: it holds the database anyway. Its audit rows name the system user (`direct:<user>`).
 */
export type InProcessOperator = {
  id: null;
  tokenId: null;
  username: string;
  role: 'admin';
  inProcess: true;
  /** What the audit rows record as the caller's address and agent. */
  ip: string;
  userAgent: string;
};
/** An operator signed in to the console (session cookie; docs/adr/0043). */
export type ConsoleCaller = { id: number; username: string; role: AuthenticatedOperator['role']; tokenId: null; sessionId: number };
/** Who called an /ops route: an operator with an API token or a console session, or the direct-mode command line. */
export type OpsCaller = AuthenticatedOperator | ConsoleCaller | InProcessOperator;
/** Options of the in-process caller: its token (random, per process) and identity. */
export type InProcessOps = { token: string; operator: InProcessOperator };

const sameToken = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The actor of an audit row: the authenticated operator and where the call came from. */
export function actorOf(request: FastifyRequest): OpsActor {
  const op = request.operator;
  const ua = request.headers['user-agent'];
  if (op && 'inProcess' in op) {
    return { operatorId: null, username: op.username, ip: op.ip, userAgent: op.userAgent, requestId: request.id };
  }
  return {
    operatorId: op?.id ?? null,
    username: op?.username ?? 'anonymous',
    ip: request.ctx?.ip ?? request.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '',
    requestId: request.id,
  };
}

/**
 * The named operator asking for a change (console session or API token), or null for the
 * direct-mode command line, which applies at once (the break-glass path, docs/adr/0055).
 */
export function requesterOf(request: FastifyRequest): { id: number; username: string } | null {
  const op = request.operator;
  if (!op || 'inProcess' in op) return null;
  return { id: op.id, username: op.username };
}

/** The reason a four-eyes request carries (3-500 characters), or the refusal naming `field`. */
export function requiredReason(reason: string | undefined | null, field = 'reason'): string {
  const text = reason?.trim() ?? '';
  if (text.length < 3) throw new AppError('validation_failed', 400, { [field]: 'content_required' });
  return text.slice(0, 500);
}

/** The audit note of an audited route (set by the wrapper below). */
export function auditNote(request: FastifyRequest): OpsAuditNote {
  if (!request.opsAuditNote) throw new Error(`${request.method} ${request.url} is not an audited route`);
  return request.opsAuditNote;
}

/**
 * Operator authentication and authorisation for the scope it is registered in (the /ops routes):
 * - `Authorization: Bearer <API token>`: an unknown, revoked or expired token, or a disabled
 *   operator, answers 401 unauthorized;
 * - the route's declared permission must be allowed by the operator's role, else 403
 *   ops_permission_denied (and an `ops.denied` audit row). A route that declares no permission is
 *   refused when it is registered, and answers 403 should one slip through (fail closed);
 * - a mutating route that declares no audit action is refused when it is registered; an audited
 *   route's handler runs with an audit note and fails if it reports nothing.
 */
export function registerOpsAuth(
  app: FastifyInstance,
  {
    operators,
    consoleSessions,
    audit,
    inProcess,
  }: {
    operators: { authenticate(token: string): Promise<AuthenticatedOperator | null> };
    /** Console sessions (cookie); absent: only bearer tokens are accepted. */
    consoleSessions?: { authenticate(token: string | undefined): Promise<ConsoleCaller | null> };
    audit: Pick<OpsAudit, 'audited' | 'append'>;
    /** Only for an app built by the command line's direct mode (never one that listens). */
    inProcess?: InProcessOps | undefined;
  },
) {
  app.decorateRequest('operator', null);
  app.decorateRequest('opsAuditNote', null);
  // Reads the console's session cookie (and lets the sign-in routes set it); scoped to /ops.
  void app.register(fastifyCookie);

  app.addHook('onRoute', (route) => {
    const declared = route.config?.ops;
    const where = `${String(route.method)} ${route.url}`;
    if (!declared) throw new Error(`operator route ${where} declares no permission (config.ops)`);
    const methods = [route.method].flat().map((m) => String(m).toUpperCase());
    if (methods.some((m) => !READ_METHODS.has(m)) && !declared.audit && declared.permission !== PUBLIC) {
      throw new Error(`mutating operator route ${where} declares no audit action (config.ops.audit)`);
    }
    if (declared.audit) {
      const action = declared.audit;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = async function auditedHandler(request, reply) {
        return audit.audited(actorOf(request), action, async (note) => {
          request.opsAuditNote = note;
          return handler.call(this, request, reply) as Promise<unknown>;
        });
      };
    }
  });

  app.addHook('onRequest', async (request) => {
    const declaredPermission = request.routeOptions.config?.ops?.permission;
    const mutating = !READ_METHODS.has(request.method);
    const header = request.headers.authorization;
    const match =
      typeof header === 'string' ? /^Bearer ([A-Za-z0-9._~+/=-]{1,200})$/.exec(header.trim()) : null;
    const token = match?.[1];
    // (parsed here: this hook may run before the cookie plugin's own, which loads after it)
    const cookie =
      !token && typeof request.headers.cookie === 'string'
        ? app.parseCookie(request.headers.cookie)[OPS_CONSOLE_COOKIE]
        : undefined;
    // CSRF (docs/adr/0043): a cookie travels with any request the browser makes, so every
    // mutating call without a bearer token must carry the console's header, which a cross-site
    // page cannot set (SameSite=Strict is the second line).
    if (!token && mutating && (cookie !== undefined || declaredPermission === PUBLIC) && request.headers[OPS_CONSOLE_CSRF_HEADER] !== '1') {
      throw new AppError('ops_csrf_refused', 403);
    }
    if (declaredPermission === PUBLIC) return;
    const operator: OpsCaller | null = token
      ? inProcess && sameToken(token, inProcess.token)
        ? inProcess.operator
        : await operators.authenticate(token)
      : cookie && consoleSessions
        ? await consoleSessions.authenticate(cookie)
        : null;
    if (!operator) throw new AppError('unauthorized', 401);
    request.operator = operator;
    const declared = request.routeOptions.config?.ops;
    if (!declared || declared.permission === PUBLIC || !roleAllows(operator.role, declared.permission)) {
      await audit.append(actorOf(request), 'ops.denied', {
        target: `${request.method} ${request.routeOptions.url ?? request.url}`.slice(0, 200),
        after: { role: operator.role, permission: declared?.permission ?? null },
      });
      throw new AppError('ops_permission_denied', 403);
    }
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated operator (only inside the /ops scope). */
    operator: OpsCaller | null;
    /** The audit note of an audited /ops route (auditNote(request)). */
    opsAuditNote: OpsAuditNote | null;
  }
  interface FastifyContextConfig {
    /** Permission and audit action of an /ops route (plugins/auth-ops). */
    ops?: OpsRouteConfig;
  }
}
