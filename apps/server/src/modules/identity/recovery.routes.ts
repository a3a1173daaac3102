import { forgotPasswordByEmail, resetPasswordByLink, resetPasswordByPhone } from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { PasswordService } from './passwords/password.service';

/** Forgotten passwords (7.AUTH.13/14): the mailed link and the SMS code. */
export async function recoveryRoutes(app: FastifyInstance, { passwords }: { passwords: PasswordService }) {
  await app.register(async (scope) => {
    // 3.LOG.07: forgot-by-email is form-encoded (a JSON body works too).
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    route(scope, forgotPasswordByEmail, { rateLimit: rateLimit.password }, async (req) => passwords.requestReset(req.body, clientOf(req)));
  });

  route(app, resetPasswordByLink, { rateLimit: rateLimit.password }, async (req) => passwords.resetWithLink(req.body, clientOf(req)));

  route(app, resetPasswordByPhone, { rateLimit: rateLimit.password }, async (req) => passwords.resetWithPhone(req.body, clientOf(req)));
}
