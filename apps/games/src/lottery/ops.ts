import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { HouseDb } from '../db/client';
import {
  houseLottoDraws,
  houseLottoExposure,
  houseLottoGames,
  houseLottoOpsRequests,
  houseLottoRestricted,
  houseLottoResults,
  houseLottoTickets,
} from '../db/schema';
import { BET_TYPE_CODES, defaultRates } from './bets';
import type { LottoDraws } from './draws';

/**
 * The lottery's operator calls (ADR 0095), made by the platform for its operators: the console and the ops
 * command line call the platform (permissions, step-up, audit row), and the platform calls these, signed with
 * the lottery vendor's secret like every protocol call (HMAC-SHA256 over `POST\n<path>\n<X-Timestamp>\n<raw
 * body>`, the timestamp within 5 minutes, each request id taken once). The house checks the rules itself
 * (two different operators for a result, nothing after settlement), so they hold whoever calls.
 */

export const OPS_WINDOW_MS = 5 * 60_000;
const OPS_PREFIX = '/house/lotto/ops/';

const operator = z.string().regex(/^[A-Za-z0-9_.:@-]{1,64}$/);
const gameCode = z.string().regex(/^[A-Z0-9_]{2,32}$/);
const drawNo = z.string().regex(/^[0-9]{8,11}$/);
const base = { requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), operator };
const minor = z.string().regex(/^[0-9]{1,15}$/);

const ACTIONS = {
  'results/enter': z.strictObject({
    ...base,
    gameCode,
    drawNo,
    result: z.record(z.string(), z.unknown()),
    source: z.string().min(1).max(200),
  }),
  'results/confirm': z.strictObject({ ...base, gameCode, drawNo }),
  'results/discard': z.strictObject({ ...base, gameCode, drawNo }),
  'draws/move': z.strictObject({ ...base, gameCode, drawNo, drawAt: z.iso.datetime({ offset: true }) }),
  'draws/void': z.strictObject({ ...base, gameCode, drawNo, reason: z.string().min(1).max(200) }),
  'draws/list': z.strictObject({
    ...base,
    gameCode: gameCode.optional(),
    status: z.enum(['scheduled', 'resulted', 'settled', 'void']).optional(),
    limit: z.number().int().min(1).max(200).default(50),
  }),
  'draws/exposure': z.strictObject({
    ...base,
    gameCode,
    drawNo,
    limit: z.number().int().min(1).max(200).default(50),
  }),
  'games/list': z.strictObject({ ...base }),
  'games/set': z.strictObject({
    ...base,
    gameCode,
    enabled: z.boolean().optional(),
    minStake: minor.optional(),
    maxStake: minor.optional(),
    exposureCap: minor.optional(),
    rates: z
      .partialRecord(z.enum(BET_TYPE_CODES as [string, ...string[]]), z.number().int().min(0).max(10_000_000))
      .optional(),
  }),
  'restricted/set': z.strictObject({
    ...base,
    gameCode,
    betKeys: z
      .array(z.string().regex(/^[a-z0-9]{2,10}:[0-9]{1,3}(-[0-9]{2}){0,3}$/))
      .min(1)
      .max(200),
    restricted: z.boolean(),
  }),
} as const;
export type LottoOpsAction = keyof typeof ACTIONS;
export const LOTTO_OPS_ACTIONS = Object.keys(ACTIONS) as LottoOpsAction[];

/** The request signature: the same construction as the vendor protocol's (docs/vendor-protocol.md section 2). */
export const signOpsCall = (secret: string, action: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`POST\n${OPS_PREFIX}${action}\n${timestamp}\n${body}`).digest('hex');

export function createLottoOps(deps: { db: HouseDb; draws: LottoDraws; now?: () => number }) {
  const { db, draws } = deps;
  const now = deps.now ?? Date.now;

  const drawOf = async (code: string, no: string) => (await draws.findDraw(code, no))?.draw ?? null;

  /** Draws with their result's state and their tickets' progress, newest first. */
  async function listDraws(q: { gameCode?: string | undefined; status?: string | undefined; limit: number }) {
    const rows = await db
      .select({
        draw: houseLottoDraws,
        resultStatus: houseLottoResults.status,
        enteredBy: houseLottoResults.enteredBy,
        result: houseLottoResults.result,
        source: houseLottoResults.source,
      })
      .from(houseLottoDraws)
      .leftJoin(houseLottoResults, eq(houseLottoResults.drawId, houseLottoDraws.id))
      .where(
        and(
          q.gameCode ? eq(houseLottoDraws.gameCode, q.gameCode) : undefined,
          q.status ? eq(houseLottoDraws.status, q.status as 'scheduled') : undefined,
        ),
      )
      .orderBy(q.status === 'scheduled' ? asc(houseLottoDraws.drawAt) : desc(houseLottoDraws.drawAt))
      .limit(q.limit);
    const ids = rows.map((r) => r.draw.id);
    const tallies = ids.length
      ? await db
          .select({
            drawId: houseLottoTickets.drawId,
            status: houseLottoTickets.status,
            n: sql<number>`count(*)::int`,
            cost: sql<string>`coalesce(sum(${houseLottoTickets.cost}), 0)::text`,
            win: sql<string>`coalesce(sum(${houseLottoTickets.win}), 0)::text`,
          })
          .from(houseLottoTickets)
          .where(inArray(houseLottoTickets.drawId, ids))
          .groupBy(houseLottoTickets.drawId, houseLottoTickets.status)
      : [];
    return rows.map(({ draw, resultStatus, enteredBy, result, source }) => ({
      gameCode: draw.gameCode,
      drawNo: draw.drawNo,
      lockAt: draw.lockAt.toISOString(),
      closeAt: draw.closeAt.toISOString(),
      drawAt: draw.drawAt.toISOString(),
      status: draw.status,
      voidReason: draw.voidReason,
      result: resultStatus ? { status: resultStatus, enteredBy, numbers: result, source } : null,
      tickets: Object.fromEntries(
        tallies
          .filter((t) => t.drawId === draw.id)
          .map((t) => [t.status, { count: Number(t.n), cost: t.cost, win: t.win }]),
      ),
    }));
  }

  async function exposure(q: { gameCode: string; drawNo: string; limit: number }) {
    const draw = await drawOf(q.gameCode, q.drawNo);
    if (!draw) return { ok: false as const, error: 'lottery_draw_unknown' };
    const [game] = await db
      .select({ cap: houseLottoGames.exposureCap })
      .from(houseLottoGames)
      .where(eq(houseLottoGames.code, q.gameCode));
    const rows = await db
      .select()
      .from(houseLottoExposure)
      .where(eq(houseLottoExposure.drawId, draw.id))
      .orderBy(desc(houseLottoExposure.liability))
      .limit(q.limit);
    return {
      ok: true as const,
      cap: game!.cap.toString(),
      numbers: rows.map((r) => ({ betKey: r.betKey, liability: r.liability.toString() })),
    };
  }

  async function listGames() {
    const games = await db.select().from(houseLottoGames).orderBy(asc(houseLottoGames.sort));
    const restricted = await db.select().from(houseLottoRestricted);
    return games.map((g) => ({
      gameCode: g.code,
      region: g.region,
      format: g.format,
      names: g.names,
      schedule: g.schedule,
      enabled: g.enabled,
      rates: g.rates,
      // What a type without an operator's rate pays (docs/lottery.md "Bet types and default rates").
      defaultRates: defaultRates(g.format as Parameters<typeof defaultRates>[0]),
      minStake: g.minStake.toString(),
      maxStake: g.maxStake.toString(),
      exposureCap: g.exposureCap.toString(),
      restricted: restricted.filter((r) => r.gameCode === g.code).map((r) => r.betKey),
    }));
  }

  async function setGame(q: z.infer<(typeof ACTIONS)['games/set']>) {
    const change: Partial<typeof houseLottoGames.$inferInsert> = {};
    if (q.enabled !== undefined) change.enabled = q.enabled;
    if (q.minStake !== undefined) change.minStake = BigInt(q.minStake);
    if (q.maxStake !== undefined) change.maxStake = BigInt(q.maxStake);
    if (q.exposureCap !== undefined) change.exposureCap = BigInt(q.exposureCap);
    if (q.rates !== undefined) change.rates = q.rates;
    const [current] = await db.select().from(houseLottoGames).where(eq(houseLottoGames.code, q.gameCode));
    if (!current) return { ok: false as const, error: 'lottery_game_unknown' };
    const min = change.minStake ?? current.minStake;
    const max = change.maxStake ?? current.maxStake;
    if (min < 1n || max < min) return { ok: false as const, error: 'lottery_stake_invalid' };
    await db.update(houseLottoGames).set(change).where(eq(houseLottoGames.code, q.gameCode));
    return { ok: true as const };
  }

  async function setRestricted(q: { gameCode: string; betKeys: string[]; restricted: boolean }) {
    const [game] = await db
      .select({ code: houseLottoGames.code })
      .from(houseLottoGames)
      .where(eq(houseLottoGames.code, q.gameCode));
    if (!game) return { ok: false as const, error: 'lottery_game_unknown' };
    if (q.restricted)
      await db
        .insert(houseLottoRestricted)
        .values(q.betKeys.map((betKey) => ({ gameCode: q.gameCode, betKey, createdAt: new Date(now()) })))
        .onConflictDoNothing();
    else
      await db
        .delete(houseLottoRestricted)
        .where(
          and(eq(houseLottoRestricted.gameCode, q.gameCode), inArray(houseLottoRestricted.betKey, q.betKeys)),
        );
    return { ok: true as const };
  }

  /** Runs one verified operator call. */
  async function run(
    action: LottoOpsAction,
    body: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    // Parsed against ACTIONS[action]: the fields each case reads are there.
    const q = body as unknown as {
      gameCode: string;
      drawNo: string;
      source: string;
      operator: string;
      drawAt: string;
      reason: string;
      status?: string;
      limit: number;
    };
    switch (action) {
      case 'results/enter':
        return draws.enterResult({
          gameCode: q.gameCode,
          drawNo: q.drawNo,
          result: body.result,
          source: q.source,
          operator: q.operator,
        });
      case 'results/confirm':
        return draws.confirmResult({ gameCode: q.gameCode, drawNo: q.drawNo, operator: q.operator });
      case 'results/discard':
        return draws.discardResult({ gameCode: q.gameCode, drawNo: q.drawNo, operator: q.operator });
      case 'draws/move': {
        const moved = await draws.moveDraw({
          gameCode: q.gameCode,
          drawNo: q.drawNo,
          drawAt: Date.parse(q.drawAt),
          operator: q.operator,
        });
        return moved.ok ? { ok: true, drawAt: moved.draw.drawAt.toISOString() } : moved;
      }
      case 'draws/void': {
        const voided = await draws.voidDraw({
          gameCode: q.gameCode,
          drawNo: q.drawNo,
          reason: q.reason,
          operator: q.operator,
        });
        return voided.ok ? { ok: true } : voided;
      }
      case 'draws/list':
        return {
          ok: true,
          draws: await listDraws({ gameCode: q.gameCode, status: q.status, limit: q.limit }),
        };
      case 'draws/exposure':
        return exposure({ gameCode: q.gameCode, drawNo: q.drawNo, limit: q.limit });
      case 'games/list':
        return { ok: true, games: await listGames() };
      case 'games/set':
        return setGame(body as z.infer<(typeof ACTIONS)['games/set']>);
      case 'restricted/set':
        return setRestricted(body as { gameCode: string; betKeys: string[]; restricted: boolean });
    }
  }

  /**
   * Checks a call (signature, time window, body, request id never seen) and runs it; `null` secret: the lottery
   * has no vendor identity and takes no operator call.
   */
  async function handle(input: {
    action: string;
    timestamp: string | undefined;
    signature: string | undefined;
    raw: Buffer;
    secret: string | null;
  }): Promise<{ status: number; body: Record<string, unknown> }> {
    if (!input.secret) return { status: 404, body: { ok: false, error: 'not_found' } };
    if (!(input.action in ACTIONS)) return { status: 404, body: { ok: false, error: 'not_found' } };
    const action = input.action as LottoOpsAction;
    const expected = signOpsCall(input.secret, action, input.timestamp ?? '', input.raw.toString('utf8'));
    const given = input.signature ?? '';
    if (
      !/^[0-9a-f]{64}$/.test(given) ||
      !timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'))
    )
      return { status: 401, body: { ok: false, error: 'invalid_signature' } };
    const at = Number(input.timestamp);
    if (!Number.isSafeInteger(at) || Math.abs(now() - at) > OPS_WINDOW_MS)
      return { status: 401, body: { ok: false, error: 'expired_request' } };
    let json: unknown;
    try {
      json = JSON.parse(input.raw.toString('utf8'));
    } catch {
      return { status: 400, body: { ok: false, error: 'invalid_request' } };
    }
    const parsed = ACTIONS[action].safeParse(json);
    if (!parsed.success)
      return {
        status: 400,
        body: {
          ok: false,
          error: 'invalid_request',
          field: String(parsed.error.issues[0]?.path.join('.') ?? ''),
        },
      };
    const body = parsed.data as Record<string, unknown> & { requestId: string; operator: string };
    const [fresh] = await db
      .insert(houseLottoOpsRequests)
      .values({ requestId: body.requestId, action, operator: body.operator, createdAt: new Date(now()) })
      .onConflictDoNothing()
      .returning({ requestId: houseLottoOpsRequests.requestId });
    if (!fresh) return { status: 409, body: { ok: false, error: 'replayed_request' } };
    const answer = await run(action, body);
    return {
      status: answer.ok === false && answer.error === 'lottery_draw_unknown' ? 404 : 200,
      body: answer,
    };
  }

  /** Request ids older than a day go (the time window refuses their replays anyway). */
  async function prune() {
    await db
      .delete(houseLottoOpsRequests)
      .where(
        sql`${houseLottoOpsRequests.createdAt} < ${new Date(now() - 86_400_000).toISOString()}::timestamptz`,
      );
  }

  return { handle, listDraws, exposure, listGames, setGame, setRestricted, prune };
}

/** POST /house/lotto/ops/<action>: the raw body is kept for the signature (its own parser, in its own scope). */
export async function lottoOpsRoutes(
  app: FastifyInstance,
  deps: { ops: () => Promise<ReturnType<typeof createLottoOps>>; secret: () => Promise<string | null> },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post<{ Params: { group: string; verb: string } }>(
      '/lotto/ops/:group/:verb',
      async (request, reply) => {
        const header = (name: string) =>
          typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined;
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const answer = await (
          await deps.ops()
        ).handle({
          action: `${request.params.group}/${request.params.verb}`,
          timestamp: header('x-timestamp'),
          signature: header('x-signature'),
          raw,
          secret: await deps.secret(),
        });
        return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
      },
    );
  });
}
