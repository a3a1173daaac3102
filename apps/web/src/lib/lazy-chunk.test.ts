import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, createChunkLoader } from './lazy-chunk';

afterEach(() => {
  vi.useRealTimers();
});

describe('lazy page groups', () => {
  it('8.LOAD.01 a group slower than 120000 ms raises a load error (timeout)', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const loader = createChunkLoader('vip', () => new Promise<never>(() => undefined));
    const result = loader.load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('8.LOAD.02 a missing group raises a load error (failed)', async () => {
    const loader = createChunkLoader('nowhere', () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    await expect(loader.load()).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'failed', chunk: 'nowhere' });
  });

  it('8.LOAD.03 a failed load stays failed until reset; Retry (reset + load) imports again', async () => {
    const importer = vi
      .fn<() => Promise<{ ok: boolean }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ ok: true });
    const loader = createChunkLoader('help', importer);
    const first = loader.load();
    await expect(first).rejects.toBeInstanceOf(ChunkLoadError);
    expect(loader.load()).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
    loader.reset();
    await expect(loader.load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('4.CHK.01 a group loads once and only when first needed', async () => {
    const importer = vi.fn(async () => ({ page: 'x' }));
    const loader = createChunkLoader('index', importer);
    expect(importer).not.toHaveBeenCalled();
    const a = loader.load();
    const b = loader.load();
    expect(a).toBe(b);
    await a;
    expect(importer).toHaveBeenCalledTimes(1);
    expect((a as Promise<unknown> & { status?: string }).status).toBe('fulfilled');
  });

  it('8.LOAD.01 a group that loads in time does not time out later', async () => {
    vi.useFakeTimers();
    const loader = createChunkLoader('index', async () => 'ok');
    await expect(loader.load()).resolves.toBe('ok');
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS * 2);
    await expect(loader.load()).resolves.toBe('ok');
  });
});
