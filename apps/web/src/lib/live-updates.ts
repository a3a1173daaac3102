import { getLiveUpdates, LIVE_EVENTS, type TLiveEvent } from '@lotus/contracts/live';
import { buildHeaders, buildUrl } from '@/lib/api-client';

/** Waits before opening the stream again: grows after each failure, back to the first after a stream that lived. */
const RETRY_MS = [1_000, 3_000, 10_000, 30_000] as const;

const isLiveEvent = (name: string): name is TLiveEvent => (LIVE_EVENTS as readonly string[]).includes(name);

/**
 * Reads the member's live updates (GET /wps/live, server-sent events; docs/adr/0090) until `signal` aborts, and
 * opens the stream again whenever it ends (an instance draining, a network change), waiting longer after each
 * failure. fetch rather than EventSource: the member token travels as a header, never in a URL. `onOpen` runs
 * each time a stream starts listening (what happened while it was closed may have been missed: refresh then).
 */
export async function followLiveUpdates(
  { onEvent, onOpen }: { onEvent: (event: TLiveEvent) => void; onOpen?: () => void },
  signal: AbortSignal,
): Promise<void> {
  let failures = 0;
  while (!signal.aborted) {
    let lived = false;
    try {
      const response = await fetch(buildUrl(getLiveUpdates.path), {
        headers: buildHeaders({ Accept: 'text/event-stream' }),
        signal,
        cache: 'no-store',
      });
      // A session that ended (401), a refusal, or a server without live updates (404): the session's own calls
      // say what is wrong; this stream stops asking (the polls carry on).
      if (response.status === 401 || response.status === 403 || response.status === 404) return;
      if (!response.ok || !response.body) throw new Error(`live updates: ${response.status}`);
      const reader = response.body.getReader();
      // Stopping ends the read at once, whatever the transport does with the fetch's own signal.
      const cancel = () => void reader.cancel().catch(() => undefined);
      signal.addEventListener('abort', cancel, { once: true });
      try {
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          // One event per blank-line-separated block; `event:` names it (comments and `retry:` are skipped).
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const name = /^event: (\w+)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (name === 'ready') {
              lived = true;
              failures = 0;
              onOpen?.();
            } else if (name && isLiveEvent(name)) onEvent(name);
            end = buffer.indexOf('\n\n');
          }
        }
      } finally {
        signal.removeEventListener('abort', cancel);
      }
    } catch {
      if (signal.aborted) return;
    }
    if (!lived) failures += 1;
    const wait = RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]!;
    await new Promise<void>((resolve) => {
      const stop = () => (clearTimeout(timer), resolve());
      const timer = setTimeout(() => (signal.removeEventListener('abort', stop), resolve()), wait);
      signal.addEventListener('abort', stop, { once: true });
    });
  }
}
