import { AppError } from '@lotus/contracts/app-error';
import { OPS_COLLECTION_ROW } from '@lotus/contracts/ops';
import {
  BANNER_IMAGE_BODY_LIMIT,
  CONTENT_EDITABLE,
  CONTENT_UPDATE_INPUT,
  ZBannerImage,
  ZBannerImageUpload,
  ZContentOrder,
  ZContentOrdered,
  type TContentCollection,
} from '@lotus/contracts/ops-content';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok, responses } from '../../lib/http';
import { auditNote } from '../../plugins/auth-ops';
import type { ContentService } from './content.service';

type Options = { content: ContentService; database: Pick<Database, 'tx'> };

const ZFileParam = z.object({ file: z.string().max(80) });

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

/** The member site's side: uploaded banner images under /media/uploads (docs/adr/0054). */
export function contentRoutes({ content }: Options) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/media/uploads/:file',
      { schema: { tags: ['media'], summary: 'An uploaded banner image or one of its versions', params: ZFileParam } },
      async (req, reply) => {
        if (req.headers['if-none-match'] === `"${req.params.file}"`) return reply.code(304).send();
        return sendUpload(content, req.params.file, reply);
      },
    );
  };
}

/**
 * The console's content calls (issue 12, docs/adr/0053/0054), beside the list/add/remove calls
 * of /ops/banners|notices|help (ops.routes.ts): edit in place, reorder, upload. Every
 * change is audited with the rows before and after.
 */
export function contentOpsRoutes({ content, database }: Options) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['ops'];
    const security = [{ operator: [] }];

    const register = (collection: TContentCollection) => {
      const row = OPS_COLLECTION_ROW[collection];
      app.put(
        `/ops/content/${collection}/:id`,
        {
          config: { ops: { permission: 'config.write', audit: `${collection}.update` }, multiline: true },
          schema: {
            tags,
            security,
            summary: `Replace one of ${collection} (rich text is sanitised before it is stored)`,
            params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
            body: CONTENT_UPDATE_INPUT[collection],
            response: responses(row),
          },
        },
        async (req) => {
          const note = auditNote(req);
          const after = await database.tx(async () => {
            const change = await content.updateItem(collection, req.params.id, req.body);
            await note({ target: `${collection}:${req.params.id}`, before: change.before, after: change.after });
            return change.after;
          });
          return ok(after as z.infer<typeof row>);
        },
      );
      app.post(
        `/ops/content/${collection}/order`,
        {
          config: { ops: { permission: 'config.write', audit: `${collection}.reorder` } },
          schema: {
            tags,
            security,
            summary: `Put ${collection} in this display order`,
            body: ZContentOrder,
            response: responses(ZContentOrdered),
          },
        },
        async (req) => {
          const note = auditNote(req);
          await database.tx(async () => {
            const change = await content.reorder(collection, req.body.ids);
            await note({ target: `${collection}:order`, before: change.before, after: change.after });
          });
          return ok({ ids: req.body.ids });
        },
      );
    };
    for (const collection of CONTENT_EDITABLE) register(collection);

    app.post(
      '/ops/content/images',
      {
        bodyLimit: BANNER_IMAGE_BODY_LIMIT,
        config: { ops: { permission: 'config.write', audit: 'content.image.upload' } },
        schema: {
          tags,
          security,
          summary: 'Upload banner artwork (png, jpeg, webp or avif by content, at most 5 MB); stored with AVIF/WebP versions',
          body: ZBannerImageUpload,
          response: responses(ZBannerImage),
        },
      },
      async (req) => {
        const note = auditNote(req);
        const by = req.operator?.username ?? 'unknown';
        const { image, created } = await content.uploadImage(req.body.image, by);
        const { sources: _sources, ...summary } = image;
        await note({ target: `image:${image.url}`, before: created ? null : summary, after: summary });
        return ok(image);
      },
    );

    app.get(
      '/ops/content/images/:file',
      {
        config: { ops: { permission: 'read' } },
        schema: { tags, security, summary: 'An uploaded image (for the console, on the operator listener)', params: ZFileParam },
      },
      async (req, reply) => sendUpload(content, req.params.file, reply),
    );

  };
}
