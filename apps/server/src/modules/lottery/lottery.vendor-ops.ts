import { createHmac, randomBytes } from 'node:crypto';
import { AppError } from '@lotus/contracts/app-error';
import { isErrorCode } from '@lotus/contracts/errors';
import { LOTTO_DRAW_STATUSES, LOTTO_FORMATS, LOTTO_REGIONS } from '@lotus/contracts/lottery';
import { lottoVendorOpsPath, ZLottoResultNumbers, type TLottoVendorOpsAction } from '@lotus/contracts/ops-lottery';
import { requestSigningHead } from '@lotus/contracts/vendor-signature';
import { z } from 'zod';
import type { Clock } from '../../platform/clock';

/**
 * The platform's side of the lottery vendor's operator API (docs/adr/0095, docs/adr/0096): one signed
 * `POST /house/lotto/ops/<group>/<verb>` per operator action, signed with the vendor's secret from the registry as a
 * protocol call is (HMAC-SHA256 over `POST\n<path>\n<X-Timestamp>\n<raw body>`), with a fresh request id and the
 * acting operator's id. It goes in process (request injection) when the lottery is mounted in this process, else
 * over HTTP to the origin of the vendor's launch URL, with a timeout. Answers are trusted for their JSON shape only:
 * anything else is `lottery_vendor_unavailable`; the vendor's refusals become the catalogue's keys.
 */

/** How long an operator call waits for the lottery over HTTP. */
export const LOTTO_OPS_TIMEOUT_MS = 10_000;
/** The largest answer read (200 draws with Thai results are well under a megabyte). */
const ANSWER_MAX_BYTES = 2 * 1024 * 1024;

/** One answer as received. */
export type LottoOpsAnswer = { status: number; body: string };
/** Sends one signed call to `path` (the vendor's operator path); answers what came back, unparsed. */
export type LottoOpsTransport = (path: string, headers: Record<string, string>, body: string) => Promise<LottoOpsAnswer>;

/** What the lottery's operator calls ask of game-vendors: the vendor of a code with its secret opened (null: unknown). */
export type LotteryOpsVendors = {
  vendorOf: (code: string) => Promise<{ row: { code: string; launchUrl: string }; secret: string } | null>;
};

/** Reads at most `max` bytes of an answer (a larger one is refused, not buffered). */
async function readCapped(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error(`the lottery's answer is larger than ${max} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** HTTP to a lottery at `origin` (never following a redirect: a signed call goes where it was addressed). */
export const httpLottoOpsTransport =
  (origin: string, timeoutMs = LOTTO_OPS_TIMEOUT_MS): LottoOpsTransport =>
  async (path, headers, body) => {
    const res = await fetch(new URL(path, origin), {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: res.status, body: await readCapped(res, ANSWER_MAX_BYTES) };
  };

/** The signature of a call: the vendor protocol's request construction (docs/vendor-protocol.md section 2). */
export const signLottoOpsCall = (secret: string, path: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(requestSigningHead('POST', path, timestamp)).update(body).digest('hex');

// ---------- the answers, as far as the platform trusts them ----------

const minor = z.string().regex(/^[0-9]{1,19}$/);
const instant = z.iso.datetime({ offset: true });
const name = z.string().max(100);
const refusal = z.object({
  ok: z.literal(false),
  error: z.string().max(64),
  issues: z.array(z.string().max(300)).max(200).optional(),
  field: z.string().max(100).optional(),
});
const okWith = <T extends z.ZodRawShape>(shape: T) => z.object({ ok: z.literal(true), ...shape });

export const VENDOR_ANSWERS = {
  'games/list': okWith({
    games: z
      .array(
        z.object({
          gameCode: z.string().max(32),
          region: z.enum(LOTTO_REGIONS),
          format: z.enum(LOTTO_FORMATS),
          names: z.object({ th: name, en: name, vi: name.optional() }),
          enabled: z.boolean(),
          rates: z.record(z.string().max(16), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
          // A lottery that does not say its defaults: the console shows "default" without the figure.
          defaultRates: z.record(z.string().max(16), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)).default({}),
          minStake: minor,
          maxStake: minor,
          exposureCap: minor,
          restricted: z.array(z.string().max(40)).max(5000),
        }),
      )
      .max(500),
  }),
  'draws/list': okWith({
    draws: z
      .array(
        z.object({
          gameCode: z.string().max(32),
          drawNo: z.string().max(11),
          lockAt: instant,
          closeAt: instant,
          drawAt: instant,
          status: z.enum(LOTTO_DRAW_STATUSES),
          voidReason: z.string().max(200).nullable(),
          result: z
            .object({
              status: z.enum(['entered', 'confirmed']),
              enteredBy: z.string().max(64),
              numbers: ZLottoResultNumbers,
              source: z.string().max(200),
            })
            .nullable(),
          tickets: z.record(
            z.string().max(16),
            z.object({ count: z.number().int().min(0), cost: minor, win: minor }),
          ),
        }),
      )
      .max(200),
  }),
  'draws/exposure': okWith({
    cap: minor,
    numbers: z.array(z.object({ betKey: z.string().max(40), liability: minor })).max(200),
  }),
  'results/enter': okWith({}),
  'results/confirm': okWith({}),
  'results/discard': okWith({}),
  'draws/move': okWith({ drawAt: instant }),
  'draws/void': okWith({}),
  'games/set': okWith({}),
  'restricted/set': okWith({}),
} as const satisfies Record<TLottoVendorOpsAction, z.ZodType>;
export type LottoVendorAnswer<A extends TLottoVendorOpsAction> = z.infer<(typeof VENDOR_ANSWERS)[A]>;

/**
 * A refusal of the lottery as the platform answers it: its `lottery_*` catalogue key (a malformed result with the
 * prizes at fault), a malformed call as validation_failed, a refused signature or an unknown call as the lottery
 * being unavailable (a configuration matter, logged).
 */
function refusalError(status: number, r: z.infer<typeof refusal>): AppError {
  if (r.error === 'lottery_result_invalid') {
    const fields = Object.fromEntries(
      (r.issues ?? []).slice(0, 20).map((issue) => {
        const colon = issue.indexOf(':');
        const path = colon === -1 ? '(root)' : issue.slice(0, colon).trim();
        return [`result.${path}`.slice(0, 100), (colon === -1 ? issue : issue.slice(colon + 1)).trim().slice(0, 120)];
      }),
    );
    return new AppError('lottery_result_invalid', 400, fields);
  }
  if (r.error.startsWith('lottery_') && isErrorCode(r.error)) return new AppError(r.error);
  if (r.error === 'invalid_request') return new AppError('validation_failed', 400, { [r.field || 'body']: 'validation_failed' });
  if (r.error === 'replayed_request') return new AppError('conflict', 409);
  if (status === 401 || status === 404 || status >= 500) return new AppError('lottery_vendor_unavailable', status === 404 ? 503 : 502);
  return new AppError('lottery_refused', 409);
}

/**
 * The signed operator calls of one lottery vendor: `vendorCode` (HOUSE_LOTTERY_VENDOR_CODE, default LOTT), over HTTP
 * to its launch URL's origin, or in process once the lottery mounted here attaches itself (`attachInProcess`).
 */
export function createLottoVendorOps(deps: {
  vendors: LotteryOpsVendors;
  vendorCode: string;
  now: Clock;
  log?: { warn: (obj: object, msg: string) => void } | undefined;
  /** A new request id per call (default 16 random bytes, base64url). */
  newRequestId?: () => string;
  /** The transport to a lottery that is not in this process (default: HTTP to the launch URL's origin). */
  remote?: (origin: string) => LottoOpsTransport;
}) {
  const requestId = deps.newRequestId ?? (() => randomBytes(16).toString('base64url'));
  const remote = deps.remote ?? ((origin: string) => httpLottoOpsTransport(origin));
  let inProcess: { vendorCode: string; transport: LottoOpsTransport } | null = null;

  const unavailable = (why: string, detail: object = {}, status = 502): AppError => {
    deps.log?.warn({ ...detail, vendor: vendorCode() }, `lottery operator call failed: ${why}`);
    return new AppError('lottery_vendor_unavailable', status);
  };

  /** The lottery vendor operators act on: the one mounted in this process, else the configured code. */
  const vendorCode = () => inProcess?.vendorCode ?? deps.vendorCode;

  /** One signed call for the operator `operator`; answers the lottery's answer, or throws its refusal as an AppError. */
  async function call<A extends TLottoVendorOpsAction>(
    action: A,
    operator: string,
    body: Record<string, unknown>,
  ): Promise<LottoVendorAnswer<A>> {
    const code = vendorCode();
    const vendor = await deps.vendors.vendorOf(code);
    if (!vendor) throw unavailable('the lottery vendor is not in the registry', {}, 503);
    let transport: LottoOpsTransport;
    if (inProcess && inProcess.vendorCode === code) transport = inProcess.transport;
    else {
      let origin: string;
      try {
        origin = new URL(vendor.row.launchUrl).origin;
      } catch {
        throw unavailable('the lottery vendor has no usable launch URL', {}, 503);
      }
      transport = remote(origin);
    }
    const path = lottoVendorOpsPath(action);
    const raw = JSON.stringify({ requestId: requestId(), operator, ...body });
    const timestamp = String(deps.now());
    let answer: LottoOpsAnswer;
    try {
      answer = await transport(
        path,
        { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signLottoOpsCall(vendor.secret, path, timestamp, raw) },
        raw,
      );
    } catch (error) {
      throw unavailable('no answer', { action, err: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw unavailable('an answer that is not JSON', { action, status: answer.status });
    }
    const refused = refusal.safeParse(json);
    if (refused.success) {
      const error = refusalError(answer.status, refused.data);
      if (error.code === 'lottery_vendor_unavailable') deps.log?.warn({ action, status: answer.status, refused: refused.data.error }, 'lottery operator call refused');
      throw error;
    }
    const parsed = VENDOR_ANSWERS[action].safeParse(json);
    if (answer.status !== 200 || !parsed.success) throw unavailable('an answer of an unexpected shape', { action, status: answer.status });
    return parsed.data as LottoVendorAnswer<A>;
  }

  return {
    call,
    vendorCode,
    /** The lottery mounted in this process (the embedded demo, one-process mode): its calls go through `transport`. */
    attachInProcess(vendor: string, transport: LottoOpsTransport) {
      inProcess = { vendorCode: vendor, transport };
    },
  };
}

export type LottoVendorOps = ReturnType<typeof createLottoVendorOps>;
