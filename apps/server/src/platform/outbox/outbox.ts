import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/tx';
import { afterCommit } from '../../db/tx';
import { outbox } from '../../db/schema';
import type { JobEngine } from '../jobs/engine';

/**
 * The transactional outbox (docs/ARCHITECTURE.md "Jobs and the outbox"). A side effect is
 * recorded with `enqueue(tx, ...)` in the transaction of the change that causes it, so it exists
 * if and only if the change committed. After the commit the row is handed to the job engine (job
 * `outbox-deliver`, job id = outbox id) and run in this process at once; the `outbox-sweep` job
 * (every minute, any instance) hands over rows whose hand-over was lost (a crash between commit and
 * hand-over). Delivery is at least once: a handler may see an id twice (crash after its effect,
 * before the row is marked) and should use the id to make repeats harmless (mail Message-ID, ...).
 */
export const OUTBOX_DELIVER_JOB = 'outbox-deliver';
export const OUTBOX_SWEEP_JOB = 'outbox-sweep';
/** Delivery attempts of one row (first included); then its job is a dead letter. */
export const OUTBOX_MAX_ATTEMPTS = 5;

export type Sealed = { sealed: string };
export type OutboxMessage<P> = {
  /** What to do: a handler registered with `handle(kind, ...)`. */
  kind: string;
  payload: P | Sealed;
  /** Idempotency key: a second enqueue with the same key is ignored (default: a new id). */
  key?: string;
};
export type OutboxHandler = (payload: unknown, context: { id: string; attempt: number }) => Promise<void>;

export function createOutbox(deps: {
  db: Db;
  jobs: Pick<JobEngine, 'define' | 'send' | 'nudge' | 'runDue' | 'idle'>;
  /** The server secret box: sensitive payloads are stored sealed. */
  keys: { seal(plain: string): Promise<string>; open(sealed: string): Promise<string> };
  log: { warn: (obj: object, msg: string) => void };
  now?: () => number;
}) {
  const { db, jobs, keys } = deps;
  const now = deps.now ?? Date.now;
  const handlers = new Map<string, OutboxHandler>();
  const handOvers = new Set<Promise<unknown>>();

  /** Registers what a kind of message does when delivered. */
  function handle(kind: string, handler: OutboxHandler) {
    handlers.set(kind, handler);
  }

  /**
   * Seals a payload with the server secret (reset links, codes): call it BEFORE the transaction
   * (it may read the key from the database), then enqueue the result.
   */
  async function seal(payload: unknown): Promise<Sealed> {
    return { sealed: await keys.seal(JSON.stringify(payload)) };
  }

  function handOver(id: string) {
    const p = jobs
      .send(OUTBOX_DELIVER_JOB, { id }, { id })
      .then(() => jobs.nudge(OUTBOX_DELIVER_JOB))
      .catch((error: unknown) => deps.log.warn({ err: error, outboxId: id }, 'outbox hand-over failed (the sweep retries)'))
      .finally(() => handOvers.delete(p));
    handOvers.add(p);
  }

  /**
   * Records a side effect in the caller's transaction (required: there is no version without a
   * transaction). Returns the outbox id, or null when the key was already enqueued.
   */
  async function enqueue<P>(tx: Tx, message: OutboxMessage<P>): Promise<string | null> {
    if (!handlers.has(message.kind)) throw new Error(`no outbox handler for ${message.kind}`);
    const id = randomUUID();
    const rows = await tx
      .insert(outbox)
      .values({
        id,
        kind: message.kind,
        payload: message.payload,
        dedupeKey: message.key ?? id,
        createdAt: new Date(now()),
      })
      .onConflictDoNothing({ target: outbox.dedupeKey })
      .returning({ id: outbox.id });
    if (rows.length === 0) return null;
    afterCommit(tx, () => handOver(id));
    return id;
  }

  /** The delivery job: runs the handler once per row; a row already processed is skipped. */
  async function deliver(id: string) {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!row || row.processedAt) return;
    const handler = handlers.get(row.kind);
    try {
      if (!handler) throw new Error(`no outbox handler for ${row.kind}`);
      const payload =
        row.payload && typeof row.payload === 'object' && 'sealed' in row.payload
          ? (JSON.parse(await keys.open(String((row.payload as Sealed).sealed))) as unknown)
          : row.payload;
      await handler(payload, { id, attempt: row.attempts + 1 });
    } catch (error) {
      await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          lastError: (error instanceof Error ? error.message : String(error)).slice(0, 2000),
        })
        .where(eq(outbox.id, id));
      throw error;
    }
    await db
      .update(outbox)
      .set({ processedAt: new Date(now()), attempts: sql`${outbox.attempts} + 1`, lastError: null })
      .where(and(eq(outbox.id, id), isNull(outbox.processedAt)));
  }

  /**
   * Hands over rows still waiting (older than 30 s: their own hand-over had time) and not dead.
   * A row whose delivery job exists is ignored by the engine (same job id).
   */
  async function sweep() {
    const rows = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.processedAt),
          lt(outbox.attempts, OUTBOX_MAX_ATTEMPTS),
          lt(outbox.createdAt, new Date(now() - 30_000)),
        ),
      )
      .orderBy(asc(outbox.createdAt))
      .limit(500);
    for (const row of rows) await jobs.send(OUTBOX_DELIVER_JOB, { id: row.id }, { id: row.id });
    if (rows.length > 0) jobs.nudge(OUTBOX_DELIVER_JOB);
  }

  /** Defines the delivery and sweep jobs (before the engine starts). */
  function register() {
    jobs.define<{ id: string }>({
      name: OUTBOX_DELIVER_JOB,
      handler: (data) => deliver(data.id),
      retryLimit: OUTBOX_MAX_ATTEMPTS - 1,
      retryDelaySeconds: 10,
    });
    jobs.define({ name: OUTBOX_SWEEP_JOB, handler: () => sweep(), retryLimit: 0, schedule: { everyMs: 60_000 } });
  }

  /**
   * Waits until the messages handed over by this process are delivered (or failed their attempt):
   * hand-overs, then the due delivery jobs. Tests read the SMS and mail outboxes after it.
   */
  async function drain() {
    do {
      while (handOvers.size > 0) await Promise.allSettled([...handOvers]);
      await jobs.idle();
      await jobs.runDue([OUTBOX_DELIVER_JOB]);
    } while (handOvers.size > 0);
  }

  return { handle, seal, enqueue, deliver, sweep, register, drain };
}

export type Outbox = ReturnType<typeof createOutbox>;
