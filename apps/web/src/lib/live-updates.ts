import { getLiveUpdates, LIVE_CLOSE_UNAUTHORIZED, LIVE_EVENTS, type TLiveEvent, type TLiveHello } from '@lotus/contracts/live';
import { buildUrl } from '@/lib/api-client';
import { getToken } from '@/lib/storage';

/** Waits before opening the channel again: grows after each failure, back to the first after a channel that lived. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000] as const;

const isLiveEvent = (type: unknown): type is TLiveEvent => (LIVE_EVENTS as readonly unknown[]).includes(type);

/** The channel's address: the API's origin with ws: or wss:. */
function liveUrl(): string {
  const url = new URL(buildUrl(getLiveUpdates.path), window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * Follows the member's live updates (GET /wps/live, a WebSocket; docs/adr/0090) until `signal` aborts: sends the
 * session token as the first message (never in the URL), calls `onEvent` for each `balance` or `message`, and opens
 * the channel again whenever it closes (an instance draining, a network change), waiting longer after each failure.
 * Stops for good when the server says the session is not valid (4401): the session's own calls end it. `onOpen`
 * runs each time a channel is ready (what happened while it was closed may have been missed: refresh then).
 */
export async function followLiveUpdates(
  { onEvent, onOpen }: { onEvent: (event: TLiveEvent) => void; onOpen?: () => void },
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    const token = getToken();
    if (!token || typeof WebSocket === 'undefined') return;
    const outcome = await new Promise<'lived' | 'failed' | 'refused'>((resolve) => {
      let lived = false;
      const socket = new WebSocket(liveUrl());
      const stop = () => socket.close(1000, 'page closed');
      signal.addEventListener('abort', stop, { once: true });
      socket.addEventListener('open', () => socket.send(JSON.stringify({ type: 'auth', token } satisfies TLiveHello)));
      socket.addEventListener('message', (message) => {
        let type: unknown;
        try {
          type = (JSON.parse(String(message.data)) as { type?: unknown }).type;
        } catch {
          return;
        }
        if (type === 'ready') {
          lived = true;
          failures = 0;
          onOpen?.();
        } else if (isLiveEvent(type)) onEvent(type);
      });
      socket.addEventListener('close', (event) => {
        signal.removeEventListener('abort', stop);
        resolve(event.code === LIVE_CLOSE_UNAUTHORIZED ? 'refused' : lived ? 'lived' : 'failed');
      });
    });
    if (outcome === 'refused' || signal.aborted) return;
    if (outcome === 'failed') failures += 1;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    await new Promise<void>((resolve) => {
      const stop = () => (clearTimeout(timer), resolve());
      const timer = setTimeout(() => (signal.removeEventListener('abort', stop), resolve()), wait);
      signal.addEventListener('abort', stop, { once: true });
    });
  }
}
