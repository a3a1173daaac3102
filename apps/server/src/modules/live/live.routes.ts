import { getLiveUpdates } from '@lotus/contracts/live';
import type { FastifyInstance } from 'fastify';
import { memberOf } from '../../plugins/member-auth';
import { route } from '../../plugins/route';
import type { LiveBus } from '../../platform/live';

/** A comment line this often keeps proxies and phones from closing a quiet stream (HAProxy `timeout tunnel`). */
export const LIVE_HEARTBEAT_MS = 25_000;

/**
 * `GET /wps/live` (contracts/live.ts): the member's server-sent events. The answer is taken over from Fastify
 * (hijacked: a stream has no end for onSend hooks or compression to wait for), with the headers the site's hooks
 * set so far (security headers, request id). Every open stream is ended when the app closes (a draining
 * instance), so `close()` never waits for one and the page reconnects through the proxy to another instance.
 */
export async function liveRoutes(app: FastifyInstance, { live }: { live: Pick<LiveBus, 'subscribe'> }) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  route(app, getLiveUpdates, async (req, reply) => {
    const member = memberOf(req);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and some proxies buffer answers unless told not to.
      'x-accel-buffering': 'no',
    });
    const write = (text: string) => {
      if (!res.writableEnded) res.write(text);
    };
    const unsubscribe = live.subscribe(member.id, (event) => write(`event: ${event}\ndata: {}\n\n`));
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), LIVE_HEARTBEAT_MS);
    heartbeat.unref();
    const end = () => {
      if (!open.delete(end)) return;
      clearInterval(heartbeat);
      unsubscribe();
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    req.raw.on('close', end);
    write('retry: 3000\nevent: ready\ndata: {}\n\n');
    return reply;
  });
}
