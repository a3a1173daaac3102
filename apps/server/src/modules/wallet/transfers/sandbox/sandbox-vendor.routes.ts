import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signedPath } from '@lotus/contracts/vendor-signature';
import { signedAnswerHeaders, verifyRequest } from '../transfer.signing';
import { SANDBOX_VENDOR_PATH, type SandboxVendorService } from './sandbox-vendor.service';

/**
 * The sandbox transfer vendor's API (docs/vendor-protocol.md (section 9)), registered only in the embedded
 * demo or with ALLOW_SANDBOX_PSP=1. Requests must carry our signature (v1.1: method, path, timestamp, raw
 * body); answers are signed over their status and the request's path and echo the request's requestId.
 */
export async function sandboxVendorRoutes(
  app: FastifyInstance,
  {
    sandbox,
    vendor,
    secret,
    now,
  }: {
    sandbox: SandboxVendorService;
    vendor: string;
    /** The vendor's shared secret from the registry (null: not registered). */
    secret: () => Promise<string | null>;
    now: () => number;
  },
) {
  await app.register(async (scope) => {
    // The signature covers the raw body: keep it as text and parse it here.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );

    const reply = async (
      req: FastifyRequest,
      res: FastifyReply,
      key: string | null,
      code: number,
      body: Record<string, unknown>,
      hangMs?: number,
    ) => {
      if (hangMs) await new Promise((resolve) => setTimeout(resolve, hangMs));
      const raw = JSON.stringify(body);
      const headers = key
        ? signedAnswerHeaders(key, code, signedPath(req.url), raw, now())
        : { 'content-type': 'application/json' };
      return res.code(code).headers(headers).send(raw);
    };

    const handle =
      (
        fn: (
          body: Record<string, unknown>,
        ) => Promise<{ code: number; body: Record<string, unknown>; hangMs?: number }>,
      ) =>
      async (req: FastifyRequest, res: FastifyReply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const key = await secret();
        const signed =
          key !== null &&
          req.headers['x-vendor-code'] === vendor &&
          verifyRequest(
            key,
            {
              method: req.method,
              path: signedPath(req.url),
              timestamp: req.headers['x-timestamp'] as string | undefined,
              signature: req.headers['x-signature'] as string | undefined,
            },
            raw,
            now(),
          );
        if (!signed) return reply(req, res, null, 401, { status: 'ERROR', code: 'BAD_SIGNATURE' });
        let body: unknown;
        try {
          body = JSON.parse(raw) as unknown;
        } catch {
          body = null;
        }
        if (!body || typeof body !== 'object' || Array.isArray(body))
          return reply(req, res, key, 200, { status: 'ERROR', code: 'INVALID_REQUEST' });
        // The answer echoes the request's requestId: the caller takes no other answer as this call's.
        const requestId = (body as Record<string, unknown>).requestId;
        const echo = typeof requestId === 'string' && requestId.length <= 100 ? { requestId } : {};
        const answer = await fn(body as Record<string, unknown>);
        return reply(req, res, key, answer.code, { status: answer.body.status, ...echo, ...answer.body }, answer.hangMs);
      };

    const hidden = { schema: { hide: true } };
    scope.post(
      `${SANDBOX_VENDOR_PATH}/transfer/deposit`,
      hidden,
      handle((b) => sandbox.move('deposit', b)),
    );
    scope.post(
      `${SANDBOX_VENDOR_PATH}/transfer/withdraw`,
      hidden,
      handle((b) => sandbox.move('withdraw', b)),
    );
    scope.post(
      `${SANDBOX_VENDOR_PATH}/transfer/status`,
      hidden,
      handle((b) => sandbox.status(b)),
    );
    scope.post(
      `${SANDBOX_VENDOR_PATH}/player/balance`,
      hidden,
      handle((b) => sandbox.balance(b)),
    );
  });
}
