import { AppError } from '@lotus/contracts/app-error';
import {
  OPS_CONSOLE_COOKIE,
  ZConsoleDone,
  ZConsoleMe,
  ZConsolePasswordChange,
  ZConsoleSecondFactor,
  ZConsoleSignIn,
  ZConsoleSignInStep,
  ZOpsApprovalDecision,
  ZOpsApprovalIdParam,
  ZOpsApprovalPage,
  ZOpsApprovalQuery,
  ZOpsApprovalRequested,
  ZOpsApprovalRow,
  ZOpsAuditPage,
  ZOpsAuditSearchQuery,
  ZOpsCredentialsReset,
  ZOpsRoleChange,
} from '@lotus/contracts/ops-console';
import { ZOpsOperatorParam } from '@lotus/contracts/ops-operators';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { auditNote, type ConsoleCaller } from '../../plugins/auth-ops';
import { rateLimit } from '../../plugins/rate-limit';
import type { Approvals, Approver } from '../../platform/approvals/approvals';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { ConsoleClient, ConsoleService } from './console.service';

/** The console's client: address, agent and request id (audit rows, session rows). */
export const consoleClientOf = (request: FastifyRequest): ConsoleClient => {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ctx?.ip ?? request.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '',
    requestId: request.id,
  };
};

/** The session cookie: HttpOnly, SameSite=Strict, only sent to the operator API (docs/adr/0043). */
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string | null) {
  const options = { path: '/ops', httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https' };
  if (token === null) reply.clearCookie(OPS_CONSOLE_COOKIE, options);
  else reply.setCookie(OPS_CONSOLE_COOKIE, token, options);
}

/** The console operator of a request, or 403 (API tokens and the command line have no session). */
export function consoleCaller(request: FastifyRequest): ConsoleCaller {
  const op = request.operator;
  if (!op || !('sessionId' in op)) throw new AppError('ops_permission_denied', 403);
  return op;
}

/** An operator who may decide an approval (never the direct-mode command line: it has no identity). */
function approverOf(request: FastifyRequest): Approver {
  const op = request.operator;
  if (!op || 'inProcess' in op) throw new AppError('ops_permission_denied', 403);
  return { id: op.id, username: op.username, role: op.role };
}

/**
 * The operator console's own calls (docs/adr/0043, 0044): sign-in in two steps, the signed-in
 * operator, sign-out, password change; credential resets and role changes of operators (a role
 * change waits for a second admin); approvals; the audit log's search. Inside the /ops scope.
 */
export async function opsConsoleRoutes(
  fastify: FastifyInstance,
  {
    console: consoleService,
    approvals,
    audit,
  }: { console: ConsoleService; approvals: Approvals; audit: OpsAudit },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops console'];
  const security = [{ operator: [] }];

  app.post(
    '/ops/console/sign-in',
    {
      // Per address (the service's throttle counts per username): 30 per minute, as members' logins.
      config: { ops: { permission: 'public' }, rateLimit: rateLimit.login },
      schema: {
        tags,
        summary: 'Console sign-in, step 1: username and password (then a TOTP code, or enrolment)',
        body: ZConsoleSignIn,
        response: responses(ZConsoleSignInStep),
      },
    },
    async (req, reply) => {
      const { token, step } = await consoleService.signIn(req.body, consoleClientOf(req));
      setSessionCookie(req, reply, token);
      return ok(step);
    },
  );

  app.post(
    '/ops/console/second-factor',
    {
      config: { ops: { permission: 'public' }, rateLimit: rateLimit.login },
      schema: {
        tags,
        summary: 'Console sign-in, step 2: the TOTP code (and a new password after a reset); a new session cookie',
        body: ZConsoleSecondFactor,
        response: responses(ZConsoleDone),
      },
    },
    async (req, reply) => {
      const { token } = await consoleService.secondFactor(req.cookies[OPS_CONSOLE_COOKIE], req.body, consoleClientOf(req));
      setSessionCookie(req, reply, token);
      return ok({ done: true as const });
    },
  );

  app.get(
    '/ops/console/me',
    {
      config: { ops: { permission: 'self' } },
      schema: { tags, security, summary: 'The signed-in operator, role and permissions', response: responses(ZConsoleMe) },
    },
    async (req) => {
      const op = req.operator;
      if (!op || 'inProcess' in op) throw new AppError('ops_permission_denied', 403);
      return ok(await consoleService.me(op.id));
    },
  );

  app.post(
    '/ops/console/sign-out',
    {
      config: { ops: { permission: 'self', audit: 'console.sign_out' } },
      schema: { tags, security, summary: 'End this console session', response: responses(ZConsoleDone) },
    },
    async (req, reply) => {
      await consoleService.signOut(consoleCaller(req), auditNote(req));
      setSessionCookie(req, reply, null);
      return ok({ done: true as const });
    },
  );

  app.post(
    '/ops/console/password',
    {
      config: { ops: { permission: 'self', audit: 'console.password' }, rateLimit: rateLimit.password },
      schema: {
        tags,
        security,
        summary: 'Change the own console password (other sessions end; this one gets a new cookie)',
        body: ZConsolePasswordChange,
        response: responses(ZConsoleDone),
      },
    },
    async (req, reply) => {
      const { token } = await consoleService.changePassword(consoleCaller(req), req.body, consoleClientOf(req), auditNote(req));
      setSessionCookie(req, reply, token);
      return ok({ done: true as const });
    },
  );

  app.post(
    '/ops/operators/:username/credentials',
    {
      config: { ops: { permission: 'operators.write', audit: 'operator.credentials.reset' } },
      schema: {
        tags,
        security,
        summary: 'Reset console credentials: a one-time password (shown once), TOTP enrolled again, sessions end',
        params: ZOpsOperatorParam,
        response: responses(ZOpsCredentialsReset),
      },
    },
    async (req) => ok(await consoleService.resetCredentials(req.params.username, auditNote(req))),
  );

  app.put(
    '/ops/operators/:username/role',
    {
      config: { ops: { permission: 'operators.write', audit: 'approval.request' } },
      schema: {
        tags,
        security,
        summary: "Change an operator's role: a four-eyes request, applied when a second admin approves",
        params: ZOpsOperatorParam,
        body: ZOpsRoleChange,
        response: responses(ZOpsApprovalRequested),
      },
    },
    async (req) => {
      const requester = approverOf(req);
      return ok(
        await approvals.request(
          requester,
          'operator.role',
          { target: `operator:${req.params.username}`, payload: { username: req.params.username, role: req.body.role }, reason: req.body.reason },
          auditNote(req),
        ),
      );
    },
  );

  app.get(
    '/ops/approvals',
    {
      config: { ops: { permission: 'read' } },
      schema: { tags, security, summary: 'Four-eyes requests, newest first', querystring: ZOpsApprovalQuery, response: responses(ZOpsApprovalPage) },
    },
    async (req) => ok(await approvals.list(req.query)),
  );

  app.post(
    '/ops/approvals/:id/approve',
    {
      // Any operator may call; the action's own permission is checked by the mechanism.
      config: { ops: { permission: 'read', audit: 'approval.approve' } },
      schema: {
        tags,
        security,
        summary: "Approve and apply a pending request (not one's own; the role must allow the action)",
        params: ZOpsApprovalIdParam,
        body: ZOpsApprovalDecision.nullish(),
        response: responses(ZOpsApprovalRow),
      },
    },
    async (req) => ok(await approvals.approve(req.params.id, approverOf(req), req.body?.note, auditNote(req))),
  );

  app.post(
    '/ops/approvals/:id/reject',
    {
      config: { ops: { permission: 'read', audit: 'approval.reject' } },
      schema: {
        tags,
        security,
        summary: 'Reject a pending request (or withdraw one of your own); nothing is applied',
        params: ZOpsApprovalIdParam,
        body: ZOpsApprovalDecision.nullish(),
        response: responses(ZOpsApprovalRow),
      },
    },
    async (req) => ok(await approvals.reject(req.params.id, approverOf(req), req.body?.note, auditNote(req))),
  );

  app.get(
    '/ops/audit/search',
    {
      config: { ops: { permission: 'audit.read' } },
      schema: {
        tags,
        security,
        summary: 'The operator audit log filtered by operator, action, target and time, paged',
        querystring: ZOpsAuditSearchQuery,
        response: responses(ZOpsAuditPage),
      },
    },
    async (req) => ok(await audit.search(req.query)),
  );
}
