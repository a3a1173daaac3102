import {
  ZBannerList,
  ZBannersQuery,
  ZCsEntries,
  ZCsLink,
  ZCsLinkQuery,
  ZDomainRoute,
  ZDomainRouteQuery,
  ZFeedbackRequest,
  ZFeedbackResult,
  ZHelpCenter,
  ZLanguages,
  ZPermissionInfo,
  ZPermissionQuery,
  ZRegisterSettings,
  ZSystemStatus,
  ZWhitelabel,
} from '@lotus/contracts/system';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok, responses } from '../../lib/http';
import { rateLimit } from '../../plugins/rate-limit';
import type { ContentService } from '../content/content.service';
import type { SystemService } from './system.service';

type Options = { system: SystemService; content: ContentService };

/** /wps/system/* and /wps/feedback (spec 7.SYS). HTTP only: schema, rate limit, one service call. */
export async function systemRoutes(fastify: FastifyInstance, { system, content }: Options) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'System status: 0 normal, 1 maintenance, 2 region-restricted (7.SYS.03)',
        response: responses(ZSystemStatus),
      },
    },
    async (req) => ok(await system.getStatus(req.ctx)),
  );

  app.get(
    '/wps/system/whitelabel',
    {
      config: { revalidate: true },
      schema: { tags, summary: 'Site flags (7.SYS.01)', response: responses(ZWhitelabel) },
    },
    async () => ok(await system.getWhitelabel()),
  );

  app.get(
    '/wps/system/setting/register',
    {
      config: { revalidate: true },
      schema: {
        tags,
        summary: 'Registration field rules (7.SYS.02)',
        response: responses(ZRegisterSettings),
      },
    },
    async () => ok(await system.getRegisterSettings()),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags,
        summary: 'Domain routes for device 0 (desktop) or 3 (mobile) (7.SYS.04)',
        querystring: ZDomainRouteQuery,
        response: responses(ZDomainRoute),
      },
    },
    async (req) => ok(await system.getDomainRoute(req.query.device)),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      config: { revalidate: true },
      schema: {
        tags,
        summary: 'Help centre in the request language (7.SYS.05)',
        response: responses(ZHelpCenter),
      },
    },
    async (req) => ok(await content.getHelpCenter(req.ctx.language)),
  );

  app.get(
    '/wps/system/languages',
    {
      config: { revalidate: true },
      schema: {
        tags,
        summary: 'Enabled languages and the default (9.C.01)',
        response: responses(ZLanguages),
      },
    },
    async () => ok(await system.getLanguages()),
  );

  app.get(
    '/wps/system/banners',
    {
      config: { revalidate: true },
      schema: {
        tags,
        summary: 'Banners of a group in the request language (2.BAN)',
        querystring: ZBannersQuery,
        response: responses(ZBannerList),
      },
    },
    async (req) => ok(await content.listBanners(req.query.group, req.ctx.language)),
  );

  app.get(
    '/wps/system/customerService',
    {
      schema: {
        tags,
        summary: 'Customer-service entries, links encrypted (3.CS.02)',
        response: responses(ZCsEntries),
      },
    },
    async () => ok(await content.listCsEntries()),
  );

  app.get(
    '/wps/system/customerService/link',
    {
      schema: {
        tags,
        summary: 'Service link of a channel: pathList type 3 is the encrypted link (3.CS.01)',
        querystring: ZCsLinkQuery,
        response: responses(ZCsLink),
      },
    },
    async (req) => ok(await content.getCsLink(req.query.csType)),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags,
        summary: 'Site permission info for the host in `url` (3.SITE.03, 7.PAR.23)',
        querystring: ZPermissionQuery,
        response: responses(ZPermissionInfo),
      },
    },
    async (req) => ok(await system.getPermission(req.ctx, req.query.url)),
  );

  app.put(
    '/wps/feedback',
    {
      // A logged-in member's feedback carries the member id; visitors stay anonymous.
      preHandler: app.identifyMember,
      // Feedback is free text: line breaks and tabs allowed (other control characters are not).
      config: { rateLimit: rateLimit.feedback, multiline: true },
      schema: {
        tags: ['feedback'],
        summary: 'Leave feedback, 5 to 140 characters (7.SYS.06)',
        body: ZFeedbackRequest,
        response: responses(ZFeedbackResult),
      },
    },
    async (req) => ok(await system.submitFeedback(req.ctx, req.body)),
  );
}
