/**
 * Group commit for the house's frequent small statements (ADR 0099: lottery purchases, slot rounds): what arrives for a key while its statement is in
 * flight goes in the next statement, up to `maxBatch` at a time, so one transaction (one flush to disk) carries the
 * tickets that queued behind it instead of one each, and the batch grows only with the load. The platform's wallet
 * does the same for its game operations (ADR 0064); the house imports no platform code, so it keeps its own.
 *
 * - One statement in flight per key: the tickets of one draw are never in two statements of this process at once.
 * - An idle key sends after the event loop's current turn (setImmediate), not at once: PGlite runs a statement on
 *   this thread, so one sent at once would be done before the requests that arrived with it were read.
 * - A statement that fails fails each caller of its batch (nothing was written: the statement is one transaction).
 * - The queue holds only requests not yet answered: a crash loses no acknowledged ticket.
 */
type Waiting<I, O> = { item: I; resolve: (answer: O) => void; reject: (error: unknown) => void };

export function createBatcher<I, O>(options: {
  maxBatch: number;
  /** Runs one batch of one key as one statement; its answers in the order of the items. */
  run: (key: string, items: I[]) => Promise<O[]>;
}) {
  const { maxBatch, run } = options;
  const queues = new Map<string, Waiting<I, O>[]>();

  async function drain(key: string, queue: Waiting<I, O>[]) {
    try {
      while (queue.length > 0) {
        const batch = queue.splice(0, maxBatch);
        try {
          const answers = await run(
            key,
            batch.map((w) => w.item),
          );
          batch.forEach((w, i) => w.resolve(answers[i]!));
        } catch (error) {
          for (const w of batch) w.reject(error);
        }
      }
    } finally {
      queues.delete(key);
    }
  }

  return function submit(key: string, item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const queue = queues.get(key);
      if (queue) return void queue.push({ item, resolve, reject });
      const fresh = [{ item, resolve, reject }];
      queues.set(key, fresh);
      setImmediate(() => void drain(key, fresh));
    });
  };
}
