import { AppError } from '@lotus/contracts/app-error';
import { ZEncryptedBody, type TEncryptedBody } from '@lotus/contracts/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Encrypted payloads (7.CALL.03, docs/enc.md). A route marked `config: { enc: true }` accepts only
 * a ZEncryptedBody: this hook decrypts it before validation, so the route's body schema (the
 * plaintext contract) validates the decrypted payload. A plain body answers 400 enc_required;
 * a body that does not decrypt, 400 enc_invalid.
 */
async function encPlugin(
  app: FastifyInstance,
  options: { decrypt: (body: TEncryptedBody) => Promise<unknown> },
) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.enc !== true) return;
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('enc' in body)) {
      throw new AppError('enc_required', 400);
    }
    const parsed = ZEncryptedBody.safeParse(body);
    if (!parsed.success) throw new AppError('enc_invalid', 400);
    request.body = await options.decrypt(parsed.data);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body must be a ZEncryptedBody (decrypted before validation). */
    enc?: boolean;
  }
}

export default fp(encPlugin, { name: 'enc' });
