import { AppError } from '@lotus/contracts/app-error';
import {
  getLiveUpdates,
  LIVE_CLOSE_BAD_HELLO,
  LIVE_CLOSE_UNAUTHORIZED,
  ZLiveHello,
  type TLiveMessage,
} from '@lotus/contracts/live';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { LiveBus } from '../../platform/live';

/** A ping this often keeps proxies and phones from closing a quiet channel (HAProxy `timeout tunnel`). */
export const LIVE_PING_MS = 25_000;
/** The page's first message (its session) must come within this. */
export const LIVE_HELLO_MS = 10_000;

/**
 * `GET /wps/live` (contracts/live.ts): the member's live channel, a WebSocket (@fastify/websocket). Registered by
 * the contract's path with Fastify's own `websocket` route option (the `route()` helper answers HTTP): the
 * handshake passes the site's hooks (request id, security headers, maintenance and region access); the session is
 * the first message, checked like a member call's Authorization header, never a URL. @fastify/websocket closes
 * every socket when the app closes (a draining instance), so the page reconnects through the proxy elsewhere.
 */
export async function liveRoutes(
  app: FastifyInstance,
  deps: {
    live: Pick<LiveBus, 'subscribe' | 'ready'>;
    /** A member's session token -> the member id; throws AppError unauthorized / session_expired. */
    authenticate: (token: string) => Promise<number>;
  },
) {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Not in the OpenAPI document (a WebSocket is no HTTP call it can describe; contracts/live.ts is its definition).
  app.get(getLiveUpdates.path, { websocket: true, schema: { hide: true } }, (socket) => {
    const send = (message: TLiveMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    let unsubscribe: (() => void) | null = null;
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), LIVE_PING_MS);
    ping.unref();
    const hello = setTimeout(() => socket.close(LIVE_CLOSE_BAD_HELLO, 'no hello'), LIVE_HELLO_MS);
    hello.unref();
    socket.on('close', () => {
      clearInterval(ping);
      clearTimeout(hello);
      unsubscribe?.();
      unsubscribe = null;
    });
    socket.once('message', (data: Buffer) => {
      clearTimeout(hello);
      let token: string;
      try {
        token = ZLiveHello.parse(JSON.parse(data.toString('utf8'))).token;
      } catch {
        send({ type: 'error', code: 'validation_failed' });
        socket.close(LIVE_CLOSE_BAD_HELLO, 'bad hello');
        return;
      }
      // 'ready' promises that every later change is heard: it waits for the cross-instance subscription too.
      Promise.all([deps.authenticate(token), deps.live.ready]).then(
        ([memberId]) => {
          if (socket.readyState !== socket.OPEN) return;
          unsubscribe = deps.live.subscribe(memberId, (event) => send({ type: event }));
          send({ type: 'ready' });
        },
        (error: unknown) => {
          const code = error instanceof AppError && error.code === 'session_expired' ? 'session_expired' : 'unauthorized';
          send({ type: 'error', code });
          socket.close(LIVE_CLOSE_UNAUTHORIZED, code);
        },
      );
    });
  });
}
