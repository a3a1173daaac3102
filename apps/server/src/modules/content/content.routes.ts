import { AppError } from '@lotus/contracts/app-error';
import {
  BANNER_IMAGE_BODY_LIMIT,
  CONTENT_EDITABLE,
  getContentImage,
  getUploadedImage,
  orderContent,
  updateContent,
  uploadContentImage,
} from '@lotus/contracts/ops-content';
import { getVendorCards, listAnnouncements } from '@lotus/contracts/relay';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { auditNote } from '../../plugins/auth-ops';
import { route } from '../../plugins/route';
import type { ContentService } from './content.service';

type Options = { content: ContentService; database: Pick<Database, 'tx'> };

/** Uploaded files never change under their name (the name is their hash): cached for a year. */
async function sendUpload(content: ContentService, file: string, reply: FastifyReply) {
  const found = await content.readUpload(file);
  if (!found) throw new AppError('not_found');
  return reply
    .header('content-type', found.mime)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', `"${file}"`)
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(found.data));
}

/**
 * The member site's side: uploaded banner images under /media/uploads (docs/adr/0054), and the relay
 * calls content answers (7.RELAY.07, 7.RELAY.09; the relay module answers unknown names).
 */
export function contentRoutes({ content }: Options) {
  return async (app: FastifyInstance) => {
    route(app, getUploadedImage, async (req, reply) => {
      if (req.headers['if-none-match'] === `"${req.params.file}"`) return reply.code(304).send();
      return sendUpload(content, req.params.file, reply);
    });

    // platform W and execution type B are the only values the query schema admits.
    route(app, listAnnouncements, async (req) => content.listAnnouncements(req.query.types, req.ctx.language));

    route(app, getVendorCards, async () => content.getVendorCards());
  };
}

/**
 * The console's content calls (issue 12, docs/adr/0053/0054), beside the list/add/remove calls
 * of /ops/banners|notices|help (ops.routes.ts): edit in place, reorder, upload. Every
 * change is audited with the rows before and after.
 */
export function contentOpsRoutes({ content, database }: Options) {
  return async (app: FastifyInstance) => {
    for (const collection of CONTENT_EDITABLE) {
      route(app, updateContent[collection], { multiline: true }, async (req) => {
        const note = auditNote(req);
        return database.tx(async () => {
          const change = await content.updateItem(collection, req.params.id, req.body);
          await note({ target: `${collection}:${req.params.id}`, before: change.before, after: change.after });
          return change.after;
        });
      });

      route(app, orderContent[collection], async (req) => {
        const note = auditNote(req);
        await database.tx(async () => {
          const change = await content.reorder(collection, req.body.ids);
          await note({ target: `${collection}:order`, before: change.before, after: change.after });
        });
        return { ids: req.body.ids };
      });
    }

    route(app, uploadContentImage, { bodyLimit: BANNER_IMAGE_BODY_LIMIT }, async (req) => {
      const note = auditNote(req);
      const by = req.operator?.username ?? 'unknown';
      const { image, created } = await content.uploadImage(req.body.image, by);
      const { sources: _sources, ...summary } = image;
      await note({ target: `image:${image.url}`, before: created ? null : summary, after: summary });
      return image;
    });

    route(app, getContentImage, async (req, reply) => sendUpload(content, req.params.file, reply));
  };
}
