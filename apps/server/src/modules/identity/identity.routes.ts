import { AppError } from '@lotus/contracts/app-error';
import {
  ZAffiliate,
  ZAffiliateQuery,
  ZChangePassword,
  ZChangePaymentPassword,
  ZRealName,
  ZSetRealName,
  ZDone,
  ZEncryptionKey,
  ZForgotByEmail,
  ZForgotByPhone,
  ZFreePlayRequest,
  ZLoginRequest,
  ZLoginChallenge,
  ZLoginResult,
  ZMemberIcon,
  ZMemberInfo,
  ZPhoneResetResult,
  ZRecoveryCodes,
  ZRegisterRequest,
  ZResetByLink,
  ZSessionIdParam,
  ZSessionList,
  ZRevokedSessions,
  ZTotpChange,
  ZTotpSetup,
  ZTwoFactorLogin,
  ZUpdateLanguage,
} from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { memberOf } from '../../plugins/member-auth';
import { rateLimit } from '../../plugins/rate-limit';
import { clientOf } from '../../platform/client-info';
import type { LoginService } from './login/login.service';
import type { MemberService } from './members/member.service';
import type { PasswordService } from './passwords/password.service';
import type { RegisterService } from './registration/register.service';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { TotpService } from './second-factor/totp.service';

type Options = {
  keys: Pick<ServerKeys, 'getPublicKey'>;
  login: LoginService;
  register: RegisterService;
  members: MemberService;
  passwords: PasswordService;
  totp: TotpService;
};

const ENC = ' (enc: the body is a ZEncryptedBody of this payload, docs/enc.md)';

/**
 * Accounts and access (7.AUTH): login, free play, logout, registration, member info, passwords,
 * sessions and two-factor. HTTP only: schema, guard, rate limit, one service call.
 */
export async function identityRoutes(fastify: FastifyInstance, options: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { keys, login, register, members, passwords, totp } = options;
  const member = [{ member: [] }];
  app.get(
    '/wps/system/encryptionKey',
    {
      schema: {
        tags: ['system'],
        summary: 'The server public key of the enc calls (7.CALL.03, docs/enc.md)',
        response: responses(ZEncryptionKey),
      },
    },
    async () => ok(await keys.getPublicKey()),
  );

  // ---------- session ----------
  app.post(
    '/wps/session/login',
    {
      config: { enc: true, rateLimit: rateLimit.login },
      schema: {
        tags: ['session'],
        summary: `Log in by password, SMS code or phone-auth token (7.AUTH.01, 4.LOGIN)${ENC}`,
        body: ZLoginRequest,
        response: responses(ZLoginResult),
      },
    },
    async (req) => ok(await login.login(req.body, clientOf(req), req.ctx.authorization)),
  );

  app.get(
    '/wps/session/login/challenge',
    {
      config: { rateLimit: rateLimit.captcha },
      schema: {
        tags: ['session'],
        summary: 'The challenge the next password login from this address answers: the captcha (true) or the slider (docs/adr/0031)',
        response: responses(ZLoginChallenge),
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await login.loginChallenge(clientOf(req)));
    },
  );

  app.post(
    '/wps/session/login/2fa',
    {
      config: { rateLimit: rateLimit.login },
      schema: {
        tags: ['session'],
        summary: 'Second step of a login with two-factor: the ticket and a TOTP or recovery code',
        body: ZTwoFactorLogin,
        response: responses(ZLoginResult),
      },
    },
    async (req) => ok(await login.loginSecondFactor(req.body, clientOf(req))),
  );

  app.post(
    '/wps/session/login/freeplay',
    {
      config: { rateLimit: rateLimit.freeplay },
      schema: {
        tags: ['session'],
        summary: 'Free play: a new trial account (type 4) with demo credit, logged in (7.AUTH.02)',
        body: ZFreePlayRequest,
        response: responses(ZLoginResult),
      },
    },
    async (req) => ok(await login.freePlay(clientOf(req))),
  );

  // ---------- registration ----------
  for (const [path, tab, summary] of [
    ['/wps/member/register', 'username', 'Register on the username tab (7.AUTH.07, decision 7.AUTH.09)'],
    ['/wps/member/register/mobile', 'mobile', 'Register on the mobile tab (7.AUTH.08, decision 7.AUTH.09)'],
  ] as const) {
    app.post(
      path,
      {
        config: { enc: true, rateLimit: rateLimit.register },
        attachValidation: true,
        schema: {
          tags: ['member'],
          summary: `${summary}; the answer is a login result${ENC}`,
          body: ZRegisterRequest,
          response: responses(ZLoginResult),
        },
      },
      async (req) => {
        if (req.validationError) throw termsOrValidation(req.validationError);
        return ok(await register.register(tab, req.body, clientOf(req)));
      },
    );
  }

  app.get(
    '/wps/agent/affiliate',
    {
      config: { rateLimit: rateLimit.standard },
      schema: {
        tags: ['member'],
        summary: 'Check an agent affiliate code (7.AUTH.16, 4.AFF)',
        querystring: ZAffiliateQuery,
        response: responses(ZAffiliate),
      },
    },
    async (req) => ok(await register.checkAffiliate(req.query.code)),
  );

  await app.register(async (scope) => {
    // 3.LOG.07: forgot-by-email is form-encoded (a JSON body works too).
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/wps/member/password/email',
      {
        config: { rateLimit: rateLimit.password },
        schema: {
          tags: ['member'],
          summary: 'Forgot password by email: the same answer whether or not the account exists (7.AUTH.13)',
          body: ZForgotByEmail,
          response: responses(ZDone),
        },
      },
      async (req) => ok(await passwords.requestReset(req.body, clientOf(req))),
    );
  });

  app.post(
    '/wps/member/password/reset',
    {
      config: { rateLimit: rateLimit.password },
      schema: {
        tags: ['member'],
        summary: 'Complete the mailed reset link: new password (single use, 30 minutes)',
        body: ZResetByLink,
        response: responses(ZDone),
      },
    },
    async (req) => ok(await passwords.resetWithLink(req.body, clientOf(req))),
  );

  app.post(
    '/wps/member/password/verification',
    {
      config: { enc: true, rateLimit: rateLimit.password },
      schema: {
        tags: ['member'],
        summary: `Forgot password by phone: SMS code + new password; then log in (7.AUTH.14)${ENC}`,
        body: ZForgotByPhone,
        response: responses(ZPhoneResetResult),
      },
    },
    async (req) => ok(await passwords.resetWithPhone(req.body, clientOf(req))),
  );

  // ---------- a member's own calls: one guard for the whole subtree (a scope hook), not one per route ----------
  // A restricted session passes only where the route's config says allowRestrictedSession (plugins/member-auth).
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.delete(
      '/wps/session/logout',
      {
        // A restricted session (forced password change) may log out.
        config: { allowRestrictedSession: true },
        schema: {
          tags: ['session'],
          security: member,
          summary: 'Log out: revokes the current session (7.AUTH.03)',
          response: responses(ZDone),
        },
      },
      async (req) => ok(await login.logout(memberOf(req), clientOf(req))),
    );

    // ---------- member ----------
    app.get(
      '/wps/member/info',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'Member info (7.AUTH.10, 3.MEM)',
          response: responses(ZMemberInfo),
        },
      },
      async (req) => ok(await members.getInfo(memberOf(req).id)),
    );

    app.get(
      '/wps/member/info/icon',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'The header view of the member (7.AUTH.11)',
          response: responses(ZMemberIcon),
        },
      },
      async (req) => ok(await members.getIcon(memberOf(req).id)),
    );

    app.put(
      '/wps/member/language',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'Update the member language (7.PAR.20)',
          body: ZUpdateLanguage,
          response: responses(ZUpdateLanguage),
        },
      },
      async (req) => ok(await members.setLanguage(memberOf(req).id, req.body.language)),
    );

    app.get(
      '/wps/member/sessions',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: "The member's live sessions (docs/sessions.md)",
          response: responses(ZSessionList),
        },
      },
      async (req) => ok(await members.listSessions(memberOf(req).id, memberOf(req).sessionId)),
    );

    app.delete(
      '/wps/member/sessions',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'Log out all other devices: revoke every session of the member but this one (issue 11)',
          response: responses(ZRevokedSessions),
        },
      },
      async (req) => ok(await members.revokeOtherSessions(memberOf(req), clientOf(req))),
    );

    app.delete(
      '/wps/member/sessions/:id',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'Revoke one of the member sessions',
          params: ZSessionIdParam,
          response: responses(ZDone),
        },
      },
      async (req) => ok(await members.revokeSession(memberOf(req).id, req.params.id, clientOf(req))),
    );
  });

  // ---------- real members only: trial accounts answer 403 in_need_true_account (5.GATE.03) ----------
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', scope.requireRealMember);
    const app = scope.withTypeProvider<ZodTypeProvider>();

    // ---------- passwords ----------
    app.put(
      '/wps/member/password',
      {
        // The one call besides logout a restricted session may make (docs/adr/0020).
        config: { enc: true, rateLimit: rateLimit.password, allowRestrictedSession: true },
        schema: {
          tags: ['member'],
          security: member,
          summary: `Change the password; ends the other sessions, lifts a forced change (7.AUTH.12)${ENC}`,
          body: ZChangePassword,
          response: responses(ZDone),
        },
      },
      async (req) => ok(await passwords.change(memberOf(req), req.body, clientOf(req))),
    );

    app.put(
      '/wps/member/password/payment',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags: ['member'],
          security: member,
          summary: `Set or change the withdrawal (payment) password; real accounts only${ENC}`,
          body: ZChangePaymentPassword,
          response: responses(ZDone),
        },
      },
      async (req) => ok(await members.changePaymentPassword(memberOf(req), req.body, clientOf(req))),
    );

    app.put(
      '/wps/member/realName',
      {
        config: { enc: true, rateLimit: rateLimit.password },
        schema: {
          tags: ['member'],
          security: member,
          summary: `Set the real name once, in capitals as on the bank account (withdrawals); real accounts only${ENC}`,
          body: ZSetRealName,
          response: responses(ZRealName),
        },
      },
      async (req) => ok(await members.setRealName(memberOf(req), req.body, clientOf(req))),
    );

    // ---------- two-factor ----------
    app.post(
      '/wps/member/2fa/setup',
      {
        schema: {
          tags: ['member'],
          security: member,
          summary: 'Start TOTP enrolment: secret, otpauth URL and QR code (decision 2.OTH.07)',
          response: responses(ZTotpSetup),
        },
      },
      async (req) => ok(await totp.setup(memberOf(req).id)),
    );

    app.post(
      '/wps/member/2fa/enable',
      {
        config: { rateLimit: rateLimit.login },
        schema: {
          tags: ['member'],
          security: member,
          summary:
            'Confirm enrolment with the current password and a code; answers the 10 recovery codes once; ends the other sessions',
          body: ZTotpChange,
          response: responses(ZRecoveryCodes),
        },
      },
      async (req) => ok(await totp.enable(memberOf(req), req.body, clientOf(req))),
    );

    app.delete(
      '/wps/member/2fa',
      {
        config: { rateLimit: rateLimit.login },
        schema: {
          tags: ['member'],
          security: member,
          summary:
            'Turn two-factor login off with the current password and a code or a recovery code; ends the other sessions',
          body: ZTotpChange,
          response: responses(ZDone),
        },
      },
      async (req) => ok(await totp.disable(memberOf(req), req.body, clientOf(req))),
    );
  });
}

/** 4.REG.02: an unticked terms box is terms_required; any other schema failure, validation_failed. */
function termsOrValidation(error: Error & { validation?: unknown }): Error {
  const issues = Array.isArray(error.validation) ? (error.validation as { instancePath?: string }[]) : [];
  if (issues.some((i) => i.instancePath === '/acceptTerms'))
    return new AppError('terms_required', 400, { acceptTerms: 'terms_required' });
  return error;
}
