import {
  changePassword,
  changePaymentPassword,
  disableTwoFactor,
  enableTwoFactor,
  getMemberIcon,
  getMemberInfo,
  listSessions,
  revokeOtherSessions,
  revokeSession,
  setRealName,
  setupTwoFactor,
  updateLanguage,
} from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import { clientOf } from '../../platform/client-info';
import type { MemberService } from './members/member.service';
import type { PasswordService } from './passwords/password.service';
import type { TotpService } from './second-factor/totp.service';

type Options = { members: MemberService; passwords: PasswordService; totp: TotpService };

/**
 * A member's own calls (contracts/auth.ts says which need a real account): info, language, sessions,
 * passwords, the real name and two-factor login. A restricted session passes only where the route allows it.
 */
export async function memberRoutes(app: FastifyInstance, { members, passwords, totp }: Options) {
  route(app, getMemberInfo, async (req) => members.getInfo(memberOf(req).id));

  route(app, getMemberIcon, async (req) => members.getIcon(memberOf(req).id));

  route(app, updateLanguage, async (req) => members.setLanguage(memberOf(req).id, req.body.language));

  route(app, listSessions, async (req) => members.listSessions(memberOf(req).id, memberOf(req).sessionId));

  route(app, revokeOtherSessions, async (req) => members.revokeOtherSessions(memberOf(req), clientOf(req)));

  route(app, revokeSession, async (req) => members.revokeSession(memberOf(req).id, req.params.id, clientOf(req)));

  // The one call besides logout a restricted session may make (docs/adr/0020).
  route(app, changePassword, { rateLimit: rateLimit.password, allowRestrictedSession: true }, async (req) =>
    passwords.change(memberOf(req), req.body, clientOf(req)),
  );

  route(app, changePaymentPassword, { rateLimit: rateLimit.password }, async (req) =>
    members.changePaymentPassword(memberOf(req), req.body, clientOf(req)),
  );

  route(app, setRealName, { rateLimit: rateLimit.password }, async (req) => members.setRealName(memberOf(req), req.body, clientOf(req)));

  route(app, setupTwoFactor, async (req) => totp.setup(memberOf(req).id));

  route(app, enableTwoFactor, { rateLimit: rateLimit.login }, async (req) => totp.enable(memberOf(req), req.body, clientOf(req)));

  route(app, disableTwoFactor, { rateLimit: rateLimit.login }, async (req) => totp.disable(memberOf(req), req.body, clientOf(req)));
}
