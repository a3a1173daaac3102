/**
 * Group commit of the vendor protocol's game operations (docs/adr/0064-group-commit-of-game-operations.md).
 *
 * Operations are queued in lanes by member: a lane with nothing in flight sends its operation at once (an
 * idle wallet adds no wait); while a lane's statement is in flight, what arrives for that lane waits and goes
 * in the next statement, up to `maxBatch` at a time. So the batch grows only with the load, and one database
 * transaction carries the movements that queued behind it, instead of one transaction each.
 *
 * - One member is always in the same lane, and a lane has one statement in flight: a member's operations are
 *   applied in the order they arrived, and two batches of one instance never wait on each other's rows.
 * - A failed batch (after the wallet's retries) is run again one operation at a time, so an error caused by
 *   one operation is answered to that caller alone.
 * - The queue holds only requests that have not been answered: a crash loses no acknowledged movement (the
 *   vendor retries the unanswered ones, and idempotency makes the retry safe).
 */
export type GroupCommitOptions<I, O> = {
  /** Number of lanes: at most this many statements in flight (each holds one pooled connection). */
  lanes: number;
  /** At most this many operations per statement. */
  maxBatch: number;
  /** The lane key of an operation (its member): equal keys share a lane. */
  keyOf: (item: I) => number;
  /** Runs a batch as one statement; its answers in the order of the items. */
  run: (items: I[]) => Promise<O[]>;
  /**
   * An idle lane sends after the event loop's current turn (setImmediate) instead of at once. For a database
   * that runs its statements on this thread (PGlite): there a statement sent at once is done before the
   * requests that arrived with it are read, so every batch held one operation (10,101 statements for about
   * 10,000 operations in the bench). Waiting for the turn lets those requests join the batch; it adds no timer.
   */
  sendAfterTurn?: boolean;
};

type Waiting<I, O> = { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void };

export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>) {
  const { lanes, maxBatch, keyOf, run, sendAfterTurn = false } = options;
  const queues: Waiting<I, O>[][] = Array.from({ length: lanes }, () => []);
  const busy: boolean[] = Array.from({ length: lanes }, () => false);

  async function settle(batch: Waiting<I, O>[]) {
    try {
      const answers = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // One operation may have caused it: each again alone, in order, so the others still get their answer.
      for (const w of batch) {
        try {
          w.resolve((await run([w.item]))[0]!);
        } catch (alone) {
          w.reject(alone);
        }
      }
    }
  }

  /** Sends a lane's queue, a batch at a time, until it is empty; the lane is marked busy by its caller. */
  async function drain(lane: number) {
    try {
      const queue = queues[lane]!;
      while (queue.length > 0) await settle(queue.splice(0, maxBatch));
    } finally {
      busy[lane] = false;
    }
  }

  return function submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const lane = Math.abs(keyOf(item)) % lanes;
      queues[lane]!.push({ item, resolve, reject });
      if (busy[lane]) return;
      busy[lane] = true;
      if (sendAfterTurn) setImmediate(() => void drain(lane));
      else void drain(lane);
    });
  };
}
