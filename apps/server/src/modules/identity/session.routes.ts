import { getEncryptionKey, getLoginChallenge, logout, postFreePlay, postLogin, postLoginSecondFactor } from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { LoginService } from './login/login.service';

type Options = { keys: Pick<ServerKeys, 'getPublicKey'>; login: LoginService };

/** Sessions (7.AUTH.01-03, 4.LOGIN): the enc key, login and its second step, free play, logout. */
export async function sessionRoutes(app: FastifyInstance, { keys, login }: Options) {
  route(app, getEncryptionKey, async () => keys.getPublicKey());

  route(app, postLogin, { rateLimit: rateLimit.login }, async (req) => login.login(req.body, clientOf(req), req.ctx.authorization));

  route(app, getLoginChallenge, { rateLimit: rateLimit.captcha }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return login.loginChallenge(clientOf(req));
  });

  route(app, postLoginSecondFactor, { rateLimit: rateLimit.login }, async (req) => login.loginSecondFactor(req.body, clientOf(req)));

  route(app, postFreePlay, { rateLimit: rateLimit.freeplay }, async (req) => login.freePlay(clientOf(req)));

  // A restricted session (forced password change) may log out.
  route(app, logout, { allowRestrictedSession: true }, async (req) => login.logout(memberOf(req), clientOf(req)));
}
