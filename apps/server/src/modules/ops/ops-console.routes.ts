import { API_AREAS } from '@lotus/contracts/areas';
import { AppError } from '@lotus/contracts/app-error';
import {
  approveApproval,
  changeConsolePassword,
  getConsoleMe,
  listApprovals,
  OPS_CONSOLE_COOKIE,
  postConsoleSecondFactor,
  postConsoleSignIn,
  postConsoleSignOut,
  rejectApproval,
  requestOperatorRole,
  resetOperatorCredentials,
  searchAudit,
} from '@lotus/contracts/ops-console';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { actorOf, auditNote, type ConsoleCaller } from '../../plugins/auth-ops';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { Approvals, Approver } from '../../platform/approvals/approvals';
import type { OpsAudit } from '../../platform/audit/ops.audit';
import type { ConsoleClient, ConsoleService } from './console.service';
import type { OperatorsService } from './operators.service';
import { operatorFourEyes } from './ops-operators.routes';

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
  const options = { path: API_AREAS.operator, httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https' };
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
  app: FastifyInstance,
  {
    console: consoleService,
    operators,
    approvals,
    audit,
  }: { console: ConsoleService; operators: OperatorsService; approvals: Approvals; audit: OpsAudit },
) {
  const fourEyes = operatorFourEyes(operators, approvals);

  // Per address (the service's throttle counts per username): 30 per minute, as members' logins.
  route(app, postConsoleSignIn, { rateLimit: rateLimit.login }, async (req, reply) => {
    const { token, step } = await consoleService.signIn(req.body, consoleClientOf(req));
    setSessionCookie(req, reply, token);
    return step;
  });

  route(app, postConsoleSecondFactor, { rateLimit: rateLimit.login }, async (req, reply) => {
    const { token } = await consoleService.secondFactor(req.cookies[OPS_CONSOLE_COOKIE], req.body, consoleClientOf(req));
    setSessionCookie(req, reply, token);
    return { done: true as const };
  });

  route(app, getConsoleMe, async (req) => {
    const op = req.operator;
    if (!op || 'inProcess' in op) throw new AppError('ops_permission_denied', 403);
    return consoleService.me(op.id);
  });

  route(app, postConsoleSignOut, async (req, reply) => {
    await consoleService.signOut(consoleCaller(req), auditNote(req));
    setSessionCookie(req, reply, null);
    return { done: true as const };
  });

  route(app, changeConsolePassword, { rateLimit: rateLimit.password }, async (req, reply) => {
    const { token } = await consoleService.changePassword(consoleCaller(req), req.body, consoleClientOf(req), auditNote(req));
    setSessionCookie(req, reply, token);
    return { done: true as const };
  });

  // Another operator's console credentials: a second admin approves, and sees the password once (docs/adr/0080).
  route(app, resetOperatorCredentials, async (req) => {
    const username = req.params.username;
    const requester = await fourEyes.requester(req, username);
    if (!requester) return consoleService.resetCredentials(username, auditNote(req));
    await operators.assertExists(username, true);
    return fourEyes.request(req, requester, 'operator.credentials', username, { username }, req.body?.reason);
  });

  route(app, requestOperatorRole, async (req) => {
    const requester = approverOf(req);
    return approvals.request(
      requester,
      'operator.role',
      { target: `operator:${req.params.username}`, payload: { username: req.params.username, role: req.body.role }, reason: req.body.reason },
      auditNote(req),
    );
  });

  route(app, listApprovals, async (req) => approvals.list(req.query));

  route(app, approveApproval, async (req) => approvals.approve(req.params.id, approverOf(req), req.body?.note, auditNote(req), actorOf(req)));

  route(app, rejectApproval, async (req) => approvals.reject(req.params.id, approverOf(req), req.body?.note, auditNote(req)));

  route(app, searchAudit, async (req) => audit.search(req.query));
}
