import {
  getCsLink,
  getDomainRoute,
  getHelpCenter,
  getLanguages,
  getPermissionInfo,
  getRegisterSettings,
  getSystemStatus,
  getWhitelabel,
  listBanners,
  listCsEntries,
  submitFeedback,
} from '@lotus/contracts/system';
import type { FastifyInstance } from 'fastify';
import { rateLimit } from '../../plugins/rate-limit';
import { route } from '../../plugins/route';
import type { ContentService } from '../content/content.service';
import type { SystemService } from './system.service';

type Options = { system: SystemService; content: ContentService };

/** /wps/system/* and /wps/feedback (spec 7.SYS). HTTP only: the endpoint, its limits and one service call. */
export async function systemRoutes(app: FastifyInstance, { system, content }: Options) {
  route(app, getSystemStatus, async (req) => system.getStatus(req.ctx));

  route(app, getWhitelabel, { revalidate: true }, async () => system.getWhitelabel());

  route(app, getRegisterSettings, { revalidate: true }, async () => system.getRegisterSettings());

  route(app, getDomainRoute, async (req) => system.getDomainRoute(req.query.device));

  route(app, getHelpCenter, { revalidate: true }, async (req) => content.getHelpCenter(req.ctx.language));

  route(app, getLanguages, { revalidate: true }, async () => system.getLanguages());

  route(app, listBanners, { revalidate: true }, async (req) => content.listBanners(req.query.group, req.ctx.language));

  route(app, listCsEntries, async () => content.listCsEntries());

  route(app, getCsLink, async (req) => content.getCsLink(req.query.csType));

  route(app, getPermissionInfo, async (req) => system.getPermission(req.ctx, req.query.url));

  // A logged-in member's feedback carries the member id; visitors stay anonymous. Feedback is free
  // text: line breaks and tabs allowed (other control characters are not).
  route(app, submitFeedback, { identifyMember: true, rateLimit: rateLimit.feedback, multiline: true }, async (req) =>
    system.submitFeedback(req.ctx, req.body),
  );
}
