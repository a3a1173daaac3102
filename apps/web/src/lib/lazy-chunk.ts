/**
 * Loading page groups on demand (4.CHK.01) with the spec's failure rules (8.LOAD.01/02):
 * a group that takes longer than 120000 ms, or whose file is missing, raises a ChunkLoadError.
 * A failed load stays failed (so every render sees the same answer) until `reset()`, which is what
 * the Retry button calls before loading again.
 */
export const CHUNK_TIMEOUT_MS = 120_000;

export type TChunkErrorReason = 'timeout' | 'failed';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    readonly reason: TChunkErrorReason,
    options?: { cause?: unknown },
  ) {
    super(`Page group "${chunk}" ${reason === 'timeout' ? 'timed out' : 'failed to load'}`, options);
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** A promise in the shape React's `use()` reads synchronously once settled. */
export type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

export type ChunkLoader<T> = {
  readonly name: string;
  /** The current load (started on first call, then the same promise until reset). */
  load(): Promise<T>;
  /** Forget a failed (or finished) load so the next `load()` imports again. */
  reset(): void;
};

export function createChunkLoader<T>(
  name: string,
  importer: () => Promise<T>,
  options: { timeoutMs?: number } = {},
): ChunkLoader<T> {
  const timeoutMs = options.timeoutMs ?? CHUNK_TIMEOUT_MS;
  let current: TrackedPromise<T> | null = null;

  const start = (): TrackedPromise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(name, 'timeout')), timeoutMs);
    });
    const imported = Promise.resolve()
      .then(importer)
      .catch((cause: unknown) => {
        throw new ChunkLoadError(name, 'failed', { cause });
      });
    const promise: TrackedPromise<T> = Promise.race([imported, timeout]).finally(() => clearTimeout(timer));
    promise.status = 'pending';
    promise.then(
      (value) => {
        promise.status = 'fulfilled';
        promise.value = value;
      },
      (reason: unknown) => {
        promise.status = 'rejected';
        promise.reason = reason;
      },
    );
    return promise;
  };

  return {
    name,
    load(): Promise<T> {
      current ??= start();
      return current;
    },
    reset() {
      current = null;
    },
  };
}
