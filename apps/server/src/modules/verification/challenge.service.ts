import type { Database } from '../../db/client';
import { randomInt } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import type { TSliderChallenge } from '@lotus/contracts/auth';
import { z } from 'zod';
import { ipLimitKey } from '../../lib/ip';
import type { ServerKeys } from '../../platform/keys/server-keys';
import type { ThrottleRepository } from '../../platform/throttles/throttle.repository';
import { liveFailures, SLIDER_POLICY, toSeconds, waitMs } from '../../platform/throttles/throttle.rules';
import { clientHash, randomFrom, randomToken, sameText, sha256Hex, UNAMBIGUOUS } from '../../platform/keys/secrets';
import { drawCaptcha, drawSlider, SLIDER } from './images';
import { checkSliderAnswer, type SliderTrace } from './slider.rules';
import type { VerificationRepository } from './verification.repository';

/** Who asked: tickets are bound to the address and user agent of the client that asked for them. */
export type ClientRef = { ip: string; userAgent: string };

export const CAPTCHA_TTL_MS = 2 * 60_000;
export const SLIDER_TTL_MS = 2 * 60_000;
export const SLIDER_TOKEN_TTL_MS = 2 * 60_000;

const ZSliderData = z.object({ gapX: z.number(), pieceY: z.number() });
const ZCaptchaData = z.object({ answer: z.string() });

type Deps = {
  database: Pick<Database, 'tx' | 'db'>;
  repo: Pick<VerificationRepository, 'insertTicket' | 'consumeTicket' | 'findTicket'>;
  keys: Pick<ServerKeys, 'seal' | 'open'>;
  throttles: Pick<ThrottleRepository, 'find' | 'record'>;
  now?: () => number;
};

/**
 * Captcha and slider (4.CAP, decision 4.REG.09): images drawn on the server, answers kept in
 * one_time_tickets (the captcha text encrypted with the server secret), every ticket single use (a
 * wrong answer burns it), expiring after 2 minutes, and bound to the client that asked.
 */
export function createChallengeService({ database, repo, keys, throttles, now = Date.now }: Deps) {
  /** GET /wps/captcha: the PNG (base64) and the id for the captcha-id header. */
  async function createCaptcha(client: ClientRef): Promise<{ id: string; image: string }> {
    const text = randomFrom(UNAMBIGUOUS, randomInt(4, 6));
    const png = await drawCaptcha(text);
    const id = randomToken(18);
    const t = now();
    const answer = await keys.seal(text);
    await database.tx((tx) => repo.insertTicket({
      id,
      kind: 'captcha',
      data: { answer },
      clientHash: clientHash(client),
      expiresAt: new Date(t + CAPTCHA_TTL_MS),
      createdAt: new Date(t),
    }, tx));
    return { id, image: png.toString('base64') };
  }

  /** Checks and burns a captcha: true only for the right answer, in time, from the same client. */
  async function checkCaptcha(
    id: string | undefined,
    answer: string | undefined,
    client: ClientRef,
  ): Promise<boolean> {
    if (!id || !answer) return false;
    const row = await database.tx((tx) => repo.consumeTicket(id, 'captcha', tx));
    const data = ZCaptchaData.safeParse(row?.data);
    if (!row || !data.success || row.expiresAt.getTime() <= now() || row.clientHash !== clientHash(client))
      return false;
    const expected = await keys.open(data.data.answer);
    return sameText(expected.toUpperCase(), answer.trim().toUpperCase());
  }

  /** GET /wps/verification/slider: a new puzzle. */
  async function createSlider(client: ClientRef): Promise<TSliderChallenge> {
    const images = await drawSlider();
    const challengeId = randomToken(18);
    const t = now();
    await database.tx((tx) => repo.insertTicket({
      id: challengeId,
      kind: 'slider',
      clientHash: clientHash(client),
      data: { gapX: images.gapX, pieceY: images.pieceY },
      expiresAt: new Date(t + SLIDER_TTL_MS),
      createdAt: new Date(t),
    }, tx));
    return {
      challengeId,
      background: images.background.toString('base64'),
      piece: images.piece.toString('base64'),
      width: SLIDER.width,
      height: SLIDER.height,
      pieceSize: SLIDER.pieceSize,
      pieceY: images.pieceY,
    };
  }

  /**
   * POST /wps/verification/slider: burns the challenge; a good answer earns a single-use token.
   * #15: wrong answers are counted per address (SLIDER_POLICY): after a few, each answer waits
   * longer (429 login_throttled with retryAfterSeconds) and, from `captchaAt`, must come with a
   * solved captcha (captcha_required, details.captchaRequired), so blind guessing stops paying.
   * A success does not clear the count (a guesser succeeds now and then); a quiet hour does.
   */
  async function answerSlider(
    answer: { challengeId: string; x: number; trace: SliderTrace; captchaId?: string; captcha?: string },
    client: ClientRef,
  ): Promise<{ sliderToken: string }> {
    const t = now();
    const state = await throttles.find('slider', ipLimitKey(client.ip));
    const captchaNeeded = liveFailures(state, SLIDER_POLICY, t) >= SLIDER_POLICY.captchaAt;
    const wait = waitMs(state, SLIDER_POLICY, t);
    if (wait > 0) {
      throw new AppError('login_throttled', 429, undefined, {
        retryAfterSeconds: toSeconds(wait),
        ...(captchaNeeded ? { captchaRequired: true } : {}),
      });
    }
    if (captchaNeeded) {
      if (!answer.captchaId || !answer.captcha)
        throw new AppError('captcha_required', 400, undefined, { captchaRequired: true });
      if (!(await checkCaptcha(answer.captchaId, answer.captcha, client)))
        throw new AppError('captcha_invalid', 400, undefined, { captchaRequired: true });
    }
    const row = await database.tx((tx) => repo.consumeTicket(answer.challengeId, 'slider', tx));
    const data = ZSliderData.safeParse(row?.data);
    const good =
      !!row &&
      data.success &&
      row.expiresAt.getTime() > now() &&
      row.clientHash === clientHash(client) &&
      checkSliderAnswer(answer.x, answer.trace, data.data.gapX).ok;
    if (!good) {
      const at = now();
      const recorded = await database.tx((tx) =>
        throttles.record('slider', ipLimitKey(client.ip), '', new Date(at), SLIDER_POLICY.resetAfterMs, tx),
      );
      const next = waitMs(recorded, SLIDER_POLICY, at);
      const captchaNext = recorded.failures >= SLIDER_POLICY.captchaAt;
      throw new AppError('slider_invalid', 400, undefined, {
        ...(captchaNext ? { captchaRequired: true } : {}),
        ...(next > 0 ? { retryAfterSeconds: toSeconds(next) } : {}),
      });
    }
    return { sliderToken: await issueSliderToken(client) };
  }

  async function issueSliderToken(client: ClientRef): Promise<string> {
    const token = randomToken(32);
    const t = now();
    await database.tx((tx) => repo.insertTicket({
      id: sha256Hex(token),
      kind: 'slider_token',
      clientHash: clientHash(client),
      expiresAt: new Date(t + SLIDER_TOKEN_TTL_MS),
      createdAt: new Date(t),
    }, tx));
    return token;
  }

  /** Uses a slider token (login, registration): true once, in time, for the client it was issued to. */
  async function consumeSliderToken(token: string | undefined, client: ClientRef): Promise<boolean> {
    if (!token) return false;
    // One statement (DELETE ... RETURNING) is its own atomic unit: run on the autocommit executor,
    // chosen explicitly, without a BEGIN/COMMIT round trip on every login and SMS send.
    const row = await repo.consumeTicket(sha256Hex(token), 'slider_token', database.db);
    return !!row && row.expiresAt.getTime() > now() && row.clientHash === clientHash(client);
  }

  /**
   * Operator view of a live challenge (GET /ops/challenges/:id): the captcha text or the gap offset,
   * so support staff and end-to-end tests can pass one without reading the image. Nothing is consumed.
   */
  async function peek(
    id: string,
  ): Promise<{ kind: 'captcha' | 'slider'; answer: string | null; gapX: number | null } | null> {
    const captcha = await repo.findTicket(id, 'captcha');
    const captchaData = ZCaptchaData.safeParse(captcha?.data);
    if (captcha && captchaData.success && captcha.expiresAt.getTime() > now()) {
      return { kind: 'captcha', answer: await keys.open(captchaData.data.answer), gapX: null };
    }
    const slider = await repo.findTicket(id, 'slider');
    const sliderData = ZSliderData.safeParse(slider?.data);
    if (slider && sliderData.success && slider.expiresAt.getTime() > now()) {
      return { kind: 'slider', answer: null, gapX: sliderData.data.gapX };
    }
    return null;
  }

  return { createCaptcha, checkCaptcha, createSlider, answerSlider, consumeSliderToken, peek };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
