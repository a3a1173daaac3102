import { isAgentAccount, isTrialAccount } from '@lotus/contracts/accounts';
import { AppError } from '@lotus/contracts/app-error';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** What the guards put on the request: the member behind the session token. */
export type RequestMember = {
  id: number;
  username: string;
  type: number;
  isAgent: number;
  status: string;
  sessionId: string;
  restricted: boolean;
};

type Options = {
  /**
   * Resolves an Authorization header; throws AppError unauthorized / session_expired, and
   * password_change_required for a restricted session unless `allowRestricted`.
   */
  authenticate: (header: string | null, options: { allowRestricted: boolean }) => Promise<RequestMember>;
};

/**
 * Member authentication (docs/sessions.md). `Authorization: <token>` (or `Bearer <token>`) is
 * resolved only on routes that ask for it, with one of these route hooks (onRequest, so a guarded enc
 * call is refused before anything is decrypted; preHandler works too):
 * - `app.requireMember`: a live session, else 401 unauthorized (no or unknown token) or 401
 *   session_expired (revoked, idle, past its end);
 * - `app.requireRealMember`: the same, and 403 in_need_true_account for trial accounts (type or
 *   isAgent 4, 5.GATE.03): every real-money call uses it;
 * - `app.requireAgent`: the same, and 403 error_not_agent unless the member is an agent (isAgent 1, 2, 41, 42);
 * - `app.identifyMember`: optional: a live session sets the member, anything else stays a visitor.
 * A restricted session (forced password change, docs/adr/0020) passes only on routes whose config
 * says `allowRestrictedSession: true` (change password, log out); elsewhere it answers 403
 * password_change_required (and on optional routes it stays a visitor).
 * The member lands in `request.member` and `request.ctx.memberId`.
 */
async function memberAuthPlugin(app: FastifyInstance, options: Options) {
  app.decorateRequest('member', null);

  async function requireMember(request: FastifyRequest) {
    const member = await options.authenticate(request.ctx.authorization, {
      allowRestricted: request.routeOptions.config.allowRestrictedSession === true,
    });
    request.member = member;
    request.ctx.memberId = member.id;
  }

  async function requireRealMember(request: FastifyRequest) {
    await requireMember(request);
    if (isTrialAccount(request.member!)) throw new AppError('in_need_true_account', 403);
  }

  async function requireAgent(request: FastifyRequest) {
    await requireRealMember(request);
    if (!isAgentAccount(request.member!)) throw new AppError('error_not_agent', 403);
  }

  /** Visitors welcome: a live session identifies the member, anything else is ignored. */
  async function identifyMember(request: FastifyRequest) {
    if (!request.ctx.authorization) return;
    try {
      await requireMember(request);
    } catch {
      request.member = null;
    }
  }

  app.decorate('requireMember', requireMember);
  app.decorate('requireRealMember', requireRealMember);
  app.decorate('requireAgent', requireAgent);
  app.decorate('identifyMember', identifyMember);
}

/** The authenticated member of a guarded route (a programming error when the guard is missing). */
export function memberOf(request: FastifyRequest): RequestMember {
  if (!request.member) throw new AppError('unauthorized', 401);
  return request.member;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is one of the few a restricted session may call (docs/adr/0020). */
    allowRestrictedSession?: boolean;
  }
  interface FastifyRequest {
    member: RequestMember | null;
  }
  interface FastifyInstance {
    requireMember: (request: FastifyRequest) => Promise<void>;
    requireRealMember: (request: FastifyRequest) => Promise<void>;
    requireAgent: (request: FastifyRequest) => Promise<void>;
    identifyMember: (request: FastifyRequest) => Promise<void>;
  }
}

export default fp(memberAuthPlugin, { name: 'member-auth', dependencies: ['request-context'] });
