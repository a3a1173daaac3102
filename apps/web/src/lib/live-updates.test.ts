import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveUpdates } from './live-updates';

/** A streamed answer that sends `chunks` (text), then stays open until the reader is aborted. */
function sseResponse(chunks: string[], { end = false } = {}) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (end) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('followLiveUpdates (GET /wps/live, docs/adr/0090)', () => {
  it('reads the events split anywhere across chunks, skips comments, and sends the member token as a header', async () => {
    const fetchMock = vi.fn(async () =>
      sseResponse(['retry: 3000\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: bal', 'ance\ndata: {}\n\nevent: message\ndata: {}\n', '\n']),
    );
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.setItem('token', 'member-token-1');
    const stop = new AbortController();
    const events: string[] = [];
    const opened = vi.fn();
    const done = followLiveUpdates({ onEvent: (e) => events.push(e), onOpen: opened }, stop.signal);
    await vi.waitFor(() => expect(events).toEqual(['balance', 'message']));
    expect(opened).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]! as unknown as [string, RequestInit];
    expect(url).toMatch(/\/wps\/live$/);
    expect((init.headers as Record<string, string>).Authorization).toBe('member-token-1');
    stop.abort();
    await done;
  });

  it('opens the stream again after it ended (an instance draining), and stops for good on 401 or 404', async () => {
    vi.useFakeTimers();
    const answers = [sseResponse(['event: ready\ndata: {}\n\n'], { end: true }), new Response('{}', { status: 401 })];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    const opened = vi.fn();
    const done = followLiveUpdates({ onEvent: () => undefined, onOpen: opened }, new AbortController().signal);
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    // A stream that lived is opened again after the first wait (1 s).
    await vi.advanceTimersByTimeAsync(1_000);
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(2);

    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 404 })));
    await followLiveUpdates({ onEvent: () => undefined }, new AbortController().signal);
  });
});
