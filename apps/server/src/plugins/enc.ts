import { AppError } from '@lotus/contracts/app-error';
import { ZEncryptedBody, type TEncryptedBody } from '@lotus/contracts/auth';
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import sjp from 'secure-json-parse';
import { appendRouteHook } from './route-hooks';

/**
 * Encrypted payloads (7.CALL.03, docs/enc.md). A route marked `config: { enc: true }` accepts only
 * a ZEncryptedBody: this hook decrypts it before validation, so the route's body schema (the
 * plaintext contract) validates the decrypted payload. A plain body answers 400 enc_required;
 * a body that does not decrypt or is not JSON, 400 enc_invalid; a payload that carries __proto__ or
 * constructor.prototype, 400 validation_failed (as a plain body would). The hook is on those routes only.
 */
async function encPlugin(
  app: FastifyInstance,
  options: { decrypt: (body: TEncryptedBody) => Promise<string> },
) {
  app.addHook('onRoute', (route) => {
    if (route.config?.enc === true) appendRouteHook(route, 'preValidation', decryptBody);
  });
  const decryptBody: preValidationAsyncHookHandler = async (request) => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body) || !('enc' in body)) {
      throw new AppError('enc_required', 400);
    }
    const parsed = ZEncryptedBody.safeParse(body);
    if (!parsed.success) throw new AppError('enc_invalid', 400);
    const plain = await options.decrypt(parsed.data);
    let payload: unknown;
    try {
      payload = JSON.parse(plain) as unknown;
    } catch {
      throw new AppError('enc_invalid', 400); // not JSON: as any body that does not open (docs/enc.md)
    }
    // Security #23: the prototype-poisoning guard of Fastify's plain JSON bodies (secure-json-parse,
    // __proto__ and constructor.prototype refused): 400 validation_failed, as for a plain body.
    try {
      if (payload && typeof payload === 'object') sjp.scan(payload, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      throw new AppError('validation_failed', 400);
    }
    request.body = payload;
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The body must be a ZEncryptedBody (decrypted before validation). */
    enc?: boolean;
  }
}

export default fp(encPlugin, { name: 'enc' });
