import { afterEach, describe, expect, it, vi } from 'vitest';
import { followLiveUpdates } from './live-updates';

/** A WebSocket the test drives: what the page sent, and the server's side (answer, close). */
class FakeSocket extends EventTarget {
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | null = null;
  constructor(readonly url: string) {
    super();
    FakeSocket.made.push(this);
    queueMicrotask(() => this.dispatchEvent(new Event('open')));
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.serverCloses(code);
  }
  serverSays(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  serverCloses(code: number) {
    this.dispatchEvent(new CloseEvent('close', { code }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  FakeSocket.made = [];
  sessionStorage.clear();
});

describe('followLiveUpdates (GET /wps/live, docs/adr/0090)', () => {
  it('sends the session as the first message, never in the URL, and passes the events on', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    sessionStorage.setItem('token', 'member-token-1');
    const stop = new AbortController();
    const events: string[] = [];
    const opened = vi.fn();
    const done = followLiveUpdates({ onEvent: (e) => events.push(e), onOpen: opened }, stop.signal);
    await vi.waitFor(() => expect(FakeSocket.made[0]?.sent).toHaveLength(1));
    const socket = FakeSocket.made[0]!;
    expect(socket.url).toMatch(/^ws:\/\/[^/]+\/wps\/live$/);
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'auth', token: 'member-token-1' });
    socket.serverSays({ type: 'ready' });
    socket.serverSays({ type: 'balance' });
    socket.serverSays({ type: 'message' });
    socket.serverSays({ type: 'something-else' });
    expect(events).toEqual(['balance', 'message']);
    expect(opened).toHaveBeenCalledTimes(1);
    stop.abort();
    await done;
    expect(socket.closedWith).toBe(1000);
  });

  it('opens the channel again after an instance closed it, and stops for good when the session is refused (4401)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    sessionStorage.setItem('token', 'member-token-2');
    const done = followLiveUpdates({ onEvent: () => undefined }, new AbortController().signal);
    await vi.waitFor(() => expect(FakeSocket.made).toHaveLength(1));
    FakeSocket.made[0]!.serverSays({ type: 'ready' });
    FakeSocket.made[0]!.serverCloses(1001); // the instance drains
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeSocket.made).toHaveLength(2);
    FakeSocket.made[1]!.serverCloses(4401);
    await done;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.made).toHaveLength(2);
  });

  it('opens nothing without a session', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    await followLiveUpdates({ onEvent: () => undefined }, new AbortController().signal);
    expect(FakeSocket.made).toEqual([]);
  });
});
