import {
  ZOpsChallenge,
  ZOpsChallengeParam,
  ZOpsListQuery,
  ZOpsMailList,
  ZOpsMemberCreate,
  ZOpsMemberList,
  ZOpsMemberRow,
  ZOpsMemberStatus,
  ZOpsMemberStatusResult,
  ZOpsSmsBudget,
  ZOpsSmsList,
  ZOpsUnlocked,
  ZOpsUsernameParam,
} from '@lotus/contracts/ops-accounts';
import {
  ZOpsAccountFigures,
  ZOpsMemberDetail,
  ZOpsMemberIdParam,
  ZOpsMemberPage,
  ZOpsMemberSearchQuery,
  ZOpsPasswordChangeRequired,
  ZOpsReason,
  ZOpsReasonBody,
  ZOpsSessionsRevoked,
} from '@lotus/contracts/ops-console';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { AccountsOpsService } from './identity.ops';

/**
 * Operator API of accounts and access; registered inside the /ops scope (operator credential).
 */
export async function opsAccountRoutes(
  fastify: FastifyInstance,
  { accounts }: { accounts: AccountsOpsService },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ops'];
  const security = [{ operator: [] }];

  app.get(
    '/ops/members',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'Latest members (locked: the second factor is locked)',
        querystring: ZOpsListQuery,
        response: responses(ZOpsMemberList),
      },
    },
    async (req) => ok(await accounts.listMembers(req.query.limit)),
  );

  app.post(
    '/ops/members',
    {
      config: { ops: { permission: 'members.write', audit: 'member.create' } },
      schema: {
        tags,
        security,
        summary: 'Create an account for somebody (its first login forces a new password)',
        body: ZOpsMemberCreate,
        response: responses(ZOpsMemberRow),
      },
    },
    async (req) => ok(await accounts.createMember(req.body, auditNote(req))),
  );

  app.post(
    '/ops/members/:username/unlock',
    {
      config: { ops: { permission: 'members.write', audit: 'member.unlock' } },
      schema: {
        tags,
        security,
        summary: 'Clear the login throttles of a username (every address) and its second-factor lock',
        params: ZOpsUsernameParam,
        body: z.object({ reason: ZOpsReason.optional() }).nullish(),
        response: responses(ZOpsUnlocked),
      },
    },
    async (req) => ok(await accounts.unlock(req.params.username, auditNote(req), req.body?.reason)),
  );

  app.put(
    '/ops/members/:username/status',
    {
      config: { ops: { permission: 'members.write', audit: 'member.status' } },
      schema: {
        tags,
        security,
        summary: 'active, or disabled (a non-member: member_no_enter)',
        params: ZOpsUsernameParam,
        body: ZOpsMemberStatus.extend({ reason: ZOpsReason.optional() }),
        response: responses(ZOpsMemberStatusResult),
      },
    },
    async (req) => ok(await accounts.setStatus(req.params.username, req.body.status, auditNote(req), req.body.reason)),
  );

  app.get(
    '/ops/members/figures',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'Account figures: members, registrations, logins, failed logins, lockouts, active sessions (24 h and 7 days)',
        response: responses(ZOpsAccountFigures),
      },
    },
    async () => ok(await accounts.figures()),
  );

  app.get(
    '/ops/members/search',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'Members by username (prefix), mobile, email or id; filtered, sorted, paged',
        querystring: ZOpsMemberSearchQuery,
        response: responses(ZOpsMemberPage),
      },
    },
    async (req) => ok(await accounts.searchMembers(req.query)),
  );

  app.get(
    '/ops/members/:id/detail',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'A member: profile, agent level, status, live sessions, latest authentication events',
        params: ZOpsMemberIdParam,
        response: responses(ZOpsMemberDetail),
      },
    },
    async (req) => ok(await accounts.memberDetail(req.params.id)),
  );

  app.post(
    '/ops/members/:username/sessions/revoke',
    {
      config: { ops: { permission: 'members.write', audit: 'member.sessions.revoke' } },
      schema: {
        tags,
        security,
        summary: "End every session of a member (with a reason)",
        params: ZOpsUsernameParam,
        body: ZOpsReasonBody,
        response: responses(ZOpsSessionsRevoked),
      },
    },
    async (req) => ok(await accounts.revokeSessions(req.params.username, req.body.reason, auditNote(req))),
  );

  app.post(
    '/ops/members/:username/password-change',
    {
      config: { ops: { permission: 'members.write', audit: 'member.password.require_change' } },
      schema: {
        tags,
        security,
        summary: 'Require a new password at the next login (sessions end now; with a reason)',
        params: ZOpsUsernameParam,
        body: ZOpsReasonBody,
        response: responses(ZOpsPasswordChangeRequired),
      },
    },
    async (req) => ok(await accounts.requirePasswordChange(req.params.username, req.body.reason, auditNote(req))),
  );

  app.get(
    '/ops/challenges/:id',
    {
      config: { ops: { permission: 'secrets.read', audit: 'secret.challenge.read' } },
      schema: {
        tags,
        security,
        summary: 'A live captcha text or slider gap offset (support, end-to-end tests); nothing is used up',
        params: ZOpsChallengeParam,
        response: responses(ZOpsChallenge),
      },
    },
    async (req) => ok(await accounts.peekChallenge(req.params.id, auditNote(req))),
  );

  app.get(
    '/ops/sms',
    {
      config: { ops: { permission: 'secrets.read', audit: 'secret.sms_outbox.read' } },
      schema: {
        tags,
        security,
        summary: 'SMS outbox (the default provider), newest first; each read is audited',
        querystring: ZOpsListQuery,
        response: responses(ZOpsSmsList),
      },
    },
    async (req) => ok(await accounts.listSms(req.query, auditNote(req))),
  );

  app.get(
    '/ops/sms/budget',
    {
      config: { ops: { permission: 'read' } },
      schema: {
        tags,
        security,
        summary: 'SMS pumping defences: sends against the daily budget and per calling code, alarms of the last 7 days',
        response: responses(ZOpsSmsBudget),
      },
    },
    async () => ok(await accounts.smsBudget()),
  );

  app.get(
    '/ops/mail',
    {
      config: { ops: { permission: 'secrets.read', audit: 'secret.mail_outbox.read' } },
      schema: {
        tags,
        security,
        summary: 'Mail outbox (the sandbox transport), newest first; each read is audited',
        querystring: ZOpsListQuery,
        response: responses(ZOpsMailList),
      },
    },
    async (req) => ok(await accounts.listMail(req.query, auditNote(req))),
  );
}
