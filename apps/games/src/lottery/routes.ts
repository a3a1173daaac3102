import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { lottoFairPage } from '../page/lotto-fair';
import { QUICKNET, verifyElectronicDraw, type ChainInfo, type ElectronicDrawCheck } from './beacon';

/** Verifies an electronic draw against a chain this house knows (null: an unknown chain). */
export type LottoVerifier = (input: {
  chain: string;
  round: number;
  signatureHex: string;
  drawId: string;
}) => ElectronicDrawCheck | null;

/**
 * The chains a draw can be verified against: quicknet always (its key is public, so even the
 * verifier-only house verifies its draws), and this house's own beacon (the demo's sandbox) if it has one.
 */
export function lottoVerifier(own?: ChainInfo): LottoVerifier {
  return (input) => {
    const info = input.chain === 'quicknet' ? QUICKNET : own && own.chain === input.chain ? own : null;
    return info ? verifyElectronicDraw(info, input) : null;
  };
}

const ZLottoVerifyQuery = z.object({
  chain: z.string().regex(/^[a-z]{1,20}$/),
  round: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  // A G1 signature: 48 bytes, compressed.
  signature: z.string().regex(/^[0-9a-fA-F]{96}$/),
  drawId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});

/**
 * GET /house/lotto/fair/verify?chain=&round=&signature=&drawId= (ADR 0092): anyone recomputes an
 * electronic draw from the beacon round's signature: {valid, randomness, result}. A well-formed signature
 * that does not verify answers 200 with valid false (that is the verifier's answer, not a bad request).
 */
export function lottoVerifyRoute(app: FastifyInstance, verify: LottoVerifier) {
  // The verify page: the same check, shown (page/lotto-fair.ts); a partial or malformed query shows the form.
  app.get('/lotto/fair', async (request, reply) => {
    const raw = request.query as Record<string, unknown>;
    const text = (key: string) => (typeof raw[key] === 'string' ? (raw[key] as string).slice(0, 200) : '');
    const query = {
      chain: text('chain'),
      round: text('round'),
      signature: text('signature'),
      drawId: text('drawId'),
    };
    const parsed = ZLottoVerifyQuery.safeParse(query);
    const check = parsed.success
      ? verify({
          chain: parsed.data.chain,
          round: parsed.data.round,
          signatureHex: parsed.data.signature.toLowerCase(),
          drawId: parsed.data.drawId,
        })
      : 'incomplete';
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(lottoFairPage({ language: raw.lang, query, check }));
  });

  app.get('/lotto/fair/verify', async (request, reply) => {
    const parsed = ZLottoVerifyQuery.safeParse(request.query);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? '');
      return reply
        .code(400)
        .send({ error: 'invalid_query', field, message: parsed.error.issues[0]?.message ?? 'invalid' });
    }
    const q = parsed.data;
    const check = verify({
      chain: q.chain,
      round: q.round,
      signatureHex: q.signature.toLowerCase(),
      drawId: q.drawId,
    });
    if (!check)
      return reply
        .code(404)
        .send({ error: 'unknown_chain', field: 'chain', message: 'no such beacon chain' });
    return check;
  });
}
