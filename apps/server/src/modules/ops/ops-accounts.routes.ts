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
  ZOpsSmsList,
  ZOpsUnlocked,
  ZOpsUsernameParam,
} from '@lotus/contracts/ops-accounts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import type { AccountsOpsService } from '../identity/identity.ops';

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
      schema: {
        tags,
        security,
        summary: 'Create an account for somebody (its first login forces a new password)',
        body: ZOpsMemberCreate,
        response: responses(ZOpsMemberRow),
      },
    },
    async (req) => ok(await accounts.createMember(req.body)),
  );

  app.post(
    '/ops/members/:username/unlock',
    {
      schema: {
        tags,
        security,
        summary: 'Clear the login throttles of a username (every address) and its second-factor lock',
        params: ZOpsUsernameParam,
        response: responses(ZOpsUnlocked),
      },
    },
    async (req) => ok(await accounts.unlock(req.params.username)),
  );

  app.put(
    '/ops/members/:username/status',
    {
      schema: {
        tags,
        security,
        summary: 'active, or disabled (a non-member: member_no_enter)',
        params: ZOpsUsernameParam,
        body: ZOpsMemberStatus,
        response: responses(ZOpsMemberStatusResult),
      },
    },
    async (req) => ok(await accounts.setStatus(req.params.username, req.body.status)),
  );

  app.get(
    '/ops/challenges/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A live captcha text or slider gap offset (support, end-to-end tests); nothing is used up',
        params: ZOpsChallengeParam,
        response: responses(ZOpsChallenge),
      },
    },
    async (req) => ok(await accounts.peekChallenge(req.params.id)),
  );

  app.get(
    '/ops/sms',
    {
      schema: {
        tags,
        security,
        summary: 'SMS outbox (the default provider), newest first',
        querystring: ZOpsListQuery,
        response: responses(ZOpsSmsList),
      },
    },
    async (req) => ok(await accounts.listSms(req.query)),
  );

  app.get(
    '/ops/mail',
    {
      schema: {
        tags,
        security,
        summary: 'Mail outbox (the sandbox transport), newest first',
        querystring: ZOpsListQuery,
        response: responses(ZOpsMailList),
      },
    },
    async (req) => ok(await accounts.listMail(req.query)),
  );
}
