import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { lottoThumbnailSvg } from '../art';
import { cookieOf } from '../cookies';
import type { HouseDb } from '../db/client';
import {
  houseLottoDraws,
  houseLottoGames,
  houseLottoResults,
  housePlayers,
  houseSessions,
} from '../db/schema';
import type { HouseSession } from '../house-service';
import type { VendorAnswer, WalletClient } from '../wallet-client';
import { BET_TYPES, betTypesFor } from './bets';
import type { TResultFormat } from './results';
import { ratesOf, type LottoTickets } from './tickets';
import { createSessionLookup, sessionTokenHash } from '../session-cache';

/**
 * The lottery's player side (ADR 0094): the launch (a platform token for the lottery's vendor identity
 * exchanged through session/authenticate, a `house_lotto` cookie), and the JSON calls of the betting page:
 * state (balance, games, open draws, bet types with their rates), results, tickets (buy, list).
 */

export const LOTTO_COOKIE = 'house_lotto';
/** The session's game code: a lottery session buys tickets of any lottery game. */
export const LOTTO_SESSION_GAME = 'lottery';
const SESSION_MS = 4 * 60 * 60_000;

const GAME_CODE = /^[A-Z0-9_]{2,32}$/;
const ZLaunch = z.object({
  token: z.string().regex(/^[\x21-\x7e]{1,200}$/),
  gameCode: z.string().regex(GAME_CODE).optional().catch(undefined),
  view: z.enum(['lobby', 'betting']).optional().catch(undefined),
  language: z.string().max(10).optional().catch(undefined),
  returnUrl: z
    .url({ protocol: /^https?$/ })
    .max(1000)
    .optional()
    .catch(undefined),
});
const ZBuy = z.object({
  gameCode: z.string().regex(GAME_CODE),
  drawNo: z.string().regex(/^[0-9]{8,11}$/),
  bets: z
    .array(
      z.object({
        type: z.string().max(12),
        numbers: z.array(z.string().max(6)).max(4),
        stake: z.number(),
      }),
    )
    .max(50),
});
const ZResultsQuery = z.object({
  gameCode: z.string().regex(GAME_CODE),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export type LottoPlay = ReturnType<typeof createLottoPlay>;

export function createLottoPlay(deps: {
  db: HouseDb;
  wallet: WalletClient | null;
  tickets: LottoTickets;
  now?: () => number;
}) {
  const { db, wallet } = deps;
  const now = deps.now ?? Date.now;
  /** The house session of a cookie (ADR 0099: kept until it expires). */
  const sessionOf = createSessionLookup({ db, now, gameCode: LOTTO_SESSION_GAME });

  async function launch(input: { token: string; language: string; returnUrl?: string | undefined }) {
    if (!wallet) return { ok: false as const, error: 'lottery_unavailable' };
    let answer: VendorAnswer;
    try {
      answer = await wallet.authenticate(input.token);
    } catch {
      return { ok: false as const, error: 'platform_unavailable' };
    }
    if (answer.status !== 'OK' || !answer.playerId || !answer.sessionToken || !answer.currency)
      return {
        ok: false as const,
        error: answer.status === 'ERROR' ? answer.code.toLowerCase() : 'invalid_session',
      };
    await db
      .insert(housePlayers)
      .values({ platformPlayerId: answer.playerId, currency: answer.currency, createdAt: new Date(now()) })
      .onConflictDoNothing({ target: housePlayers.platformPlayerId });
    const [player] = await db
      .select()
      .from(housePlayers)
      .where(eq(housePlayers.platformPlayerId, answer.playerId));
    const cookie = randomBytes(32).toString('base64url');
    const at = now();
    await db.insert(houseSessions).values({
      tokenHash: sessionTokenHash(cookie),
      playerId: player!.id,
      platformSession: answer.sessionToken,
      gameCode: LOTTO_SESSION_GAME,
      language: input.language,
      returnUrl: input.returnUrl ?? null,
      createdAt: new Date(at),
      expiresAt: new Date(at + SESSION_MS),
    });
    return { ok: true as const, cookie };
  }

  /** The page's state: the balance, and every enabled game with its open draws and its bet types. */
  async function state(session: HouseSession | null) {
    let balance: string | null = null;
    if (session && wallet) {
      try {
        const answer = await wallet.balance(session.platformPlayerId, session.platformSession);
        if (answer.status === 'OK') balance = answer.balance ?? null;
      } catch {
        balance = null;
      }
    }
    const at = new Date(now());
    const games = await db
      .select()
      .from(houseLottoGames)
      .where(eq(houseLottoGames.enabled, true))
      .orderBy(asc(houseLottoGames.sort));
    const open = await db
      .select()
      .from(houseLottoDraws)
      .where(and(eq(houseLottoDraws.status, 'scheduled'), gt(houseLottoDraws.lockAt, at)))
      .orderBy(asc(houseLottoDraws.drawAt));
    return {
      balance,
      currency: session?.currency ?? null,
      serverTime: at.toISOString(),
      games: games.map((g) => {
        const format = g.format as TResultFormat;
        const rates = ratesOf(format, g.rates);
        return {
          code: g.code,
          region: g.region,
          format,
          names: g.names,
          minStake: g.minStake.toString(),
          maxStake: g.maxStake.toString(),
          betTypes: betTypesFor(format).map((type) => ({
            type,
            digits: BET_TYPES[type].digits,
            numbers: BET_TYPES[type].count,
            lots: BET_TYPES[type].lots(format),
            rate: rates[type],
          })),
          draws: open
            .filter((d) => d.gameCode === g.code)
            .slice(0, 3)
            .map((d) => ({
              drawNo: d.drawNo,
              lockAt: d.lockAt.toISOString(),
              closeAt: d.closeAt.toISOString(),
              drawAt: d.drawAt.toISOString(),
              beaconChain: d.beaconChain,
              beaconRound: d.beaconRound,
            })),
        };
      }),
    };
  }

  /** A game's latest results (confirmed only), newest first, with their evidence. */
  async function results(gameCode: string, limit: number) {
    const rows = await db
      .select({ draw: houseLottoDraws, result: houseLottoResults })
      .from(houseLottoDraws)
      .innerJoin(houseLottoResults, eq(houseLottoResults.drawId, houseLottoDraws.id))
      .where(
        and(
          eq(houseLottoDraws.gameCode, gameCode),
          inArray(houseLottoDraws.status, ['resulted', 'settled']),
          eq(houseLottoResults.status, 'confirmed'),
        ),
      )
      .orderBy(desc(houseLottoDraws.drawAt))
      .limit(limit);
    return rows.map(({ draw, result }) => ({
      drawNo: draw.drawNo,
      drawAt: draw.drawAt.toISOString(),
      status: draw.status,
      result: result.result,
      source: result.source,
      beaconChain: draw.beaconChain,
      beaconRound: draw.beaconRound,
      beaconSignature: result.beaconSignature,
      confirmedAt: result.confirmedAt?.toISOString() ?? null,
    }));
  }

  async function gameNames(code: string) {
    const [row] = await db
      .select({ names: houseLottoGames.names })
      .from(houseLottoGames)
      .where(eq(houseLottoGames.code, code));
    return (row?.names as { th: string; en: string } | undefined) ?? null;
  }

  return { launch, sessionOf, state, results, gameNames };
}

/** The lottery's routes under /house (registered by app.ts when the house plays). */
export function lottoPlayRoutes(
  app: FastifyInstance,
  deps: {
    /** The lottery once its database is open (routes are registered before it is). */
    lottery: () => Promise<{ play: LottoPlay; tickets: LottoTickets }>;
    secureCookie: boolean;
    /** The betting page's HTML for a session (page/lotto.ts). */
    page: (input: {
      language: string;
      gameCode: string | null;
      view: 'lobby' | 'betting';
      returnUrl: string | null;
    }) => string;
    messagePage: (language: string, error: string) => string;
  },
) {
  const play = async () => (await deps.lottery()).play;
  const sessionOf = async (request: { headers: { cookie?: string | undefined } }) =>
    (await play()).sessionOf(cookieOf(request.headers.cookie, LOTTO_COOKIE));
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  // The launch URL the platform hands out: the token is exchanged, then a redirect drops it from the address bar.
  app.get('/lotto/play', async (request, reply) => {
    const parsed = ZLaunch.safeParse(request.query);
    const language =
      typeof (request.query as { language?: unknown }).language === 'string'
        ? String((request.query as { language: string }).language).slice(0, 10)
        : 'th';
    if (!parsed.success) return html(reply, 400, deps.messagePage(language, 'invalid_launch'));
    const q = parsed.data;
    const launched = await (
      await play()
    ).launch({ token: q.token, language: q.language ?? 'th', returnUrl: q.returnUrl });
    if (!launched.ok)
      return html(
        reply,
        launched.error === 'platform_unavailable' ? 503 : 401,
        deps.messagePage(language, launched.error),
      );
    reply.header(
      'set-cookie',
      `${LOTTO_COOKIE}=${launched.cookie}; Path=/house; HttpOnly; SameSite=Lax; Max-Age=${SESSION_MS / 1000}${deps.secureCookie ? '; Secure' : ''}`,
    );
    const next = new URLSearchParams({
      language: q.language ?? 'th',
      view: q.view ?? (q.gameCode ? 'betting' : 'lobby'),
    });
    if (q.gameCode) next.set('gameCode', q.gameCode);
    return reply.redirect(`/house/lotto?${next}`, 303);
  });

  app.get('/lotto', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const language = typeof query.language === 'string' ? query.language.slice(0, 10) : 'th';
    const session = await sessionOf(request);
    if (!session) return html(reply, 401, deps.messagePage(language, 'no_session'));
    const gameCode =
      typeof query.gameCode === 'string' && GAME_CODE.test(query.gameCode) ? query.gameCode : null;
    const view = query.view === 'lobby' ? 'lobby' : 'betting';
    return html(
      reply,
      200,
      deps.page({ language: session.language, gameCode, view, returnUrl: session.returnUrl }),
    );
  });

  // The catalogue's thumbnails of the lottery's games (public, like the slots' thumbnails).
  app.get<{ Params: { file: string } }>('/lotto/thumbs/:file', async (request, reply) => {
    const code = /^([A-Z0-9_]{2,32})\.svg$/.exec(request.params.file)?.[1];
    const names = code ? await (await play()).gameNames(code) : null;
    if (!code || !names) return reply.code(404).send({ error: 'not_found' });
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .send(lottoThumbnailSvg(code, names.en));
  });

  app.get('/lotto/api/state', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ error: 'no_session' });
    return reply.header('cache-control', 'no-store').send(await (await play()).state(session));
  });

  app.get('/lotto/api/results', async (request, reply) => {
    const parsed = ZResultsQuery.safeParse(request.query);
    if (!parsed.success)
      return reply
        .code(400)
        .send({ error: 'invalid_query', field: String(parsed.error.issues[0]?.path[0] ?? '') });
    return reply
      .header('cache-control', 'no-store')
      .send({ results: await (await play()).results(parsed.data.gameCode, parsed.data.limit) });
  });

  app.post('/lotto/api/tickets', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ ok: false, error: 'no_session' });
    const parsed = ZBuy.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ ok: false, error: 'lottery_bets_invalid' });
    const bought = await (await deps.lottery()).tickets.buy(session, parsed.data);
    const badInput =
      !bought.ok &&
      [
        'lottery_bets_invalid',
        'lottery_bet_type_unknown',
        'lottery_number_invalid',
        'lottery_stake_invalid',
      ].includes(bought.error);
    return reply.code(badInput ? 400 : 200).send(bought);
  });

  app.get('/lotto/api/tickets', async (request, reply) => {
    const session = await sessionOf(request);
    if (!session) return reply.code(401).send({ error: 'no_session' });
    const rows = await (await deps.lottery()).tickets.ticketsOf(session, 50);
    return reply.header('cache-control', 'no-store').send({
      tickets: rows.map((t) => ({
        id: t.id,
        gameCode: t.gameCode,
        drawNo: t.drawNo,
        drawAt: t.drawAt.toISOString(),
        bets: t.bets,
        cost: t.cost.toString(),
        win: t.win?.toString() ?? null,
        status: t.status,
        createdAt: t.createdAt.toISOString(),
      })),
    });
  });
}
