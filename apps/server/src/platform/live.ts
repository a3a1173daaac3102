import { LIVE_EVENTS, type TLiveEvent } from '@lotus/contracts/live';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** What a member's open pages are told (contracts/live.ts): the balance moved, or a message arrived. */
export type LiveEvent = TLiveEvent;

export type LiveListener = (event: LiveEvent) => void;

/**
 * Live updates for members (issue 26; docs/adr/0090): a hint that something of theirs changed, published after the
 * change committed and delivered to every instance that holds one of the member's streams (`GET /wps/live`).
 * Through Redis pub/sub when REDIS_URL is set (one channel; each instance keeps only its own listeners), in this
 * process otherwise. A hint can be lost (Redis away, an instance restarting): the page still refreshes the balance
 * on its own schedule, so nothing depends on one arriving. Nothing is stored.
 */
export type LiveBus = {
  publish(memberId: number, event: LiveEvent): void;
  /** Listens for one member's events; returns the unsubscribe. */
  subscribe(memberId: number, listener: LiveListener): () => void;
  /** Resolves once the cross-instance subscription is active (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export const LIVE_CHANNEL = 'lotus:live';

export function createLiveBus(options: { redisUrl?: string | undefined; log: Pick<FastifyBaseLogger, 'warn'> }): LiveBus {
  const listeners = new Map<number, Set<LiveListener>>();
  const deliver = (memberId: number, event: LiveEvent) => {
    for (const listener of listeners.get(memberId) ?? []) listener(event);
  };
  const subscribe = (memberId: number, listener: LiveListener) => {
    let set = listeners.get(memberId);
    if (!set) listeners.set(memberId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(memberId);
    };
  };
  if (!options.redisUrl) {
    return {
      publish: (memberId, event) => queueMicrotask(() => deliver(memberId, event)),
      subscribe,
      ready: Promise.resolve(),
      close: async () => undefined,
    };
  }
  // A subscriber connection can run no other command: one to publish, one to listen.
  const redisOptions = { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 1000, enableOfflineQueue: true };
  const pub = new Redis(options.redisUrl, redisOptions);
  const sub = new Redis(options.redisUrl, { ...redisOptions, commandTimeout: undefined });
  pub.on('error', (err: Error) => options.log.warn({ err: err.message }, 'redis (live publish) error'));
  sub.on('error', (err: Error) => options.log.warn({ err: err.message }, 'redis (live subscribe) error'));
  const ready = sub
    .subscribe(LIVE_CHANNEL)
    .then(() => undefined)
    .catch((err: Error) => options.log.warn({ err: err.message }, 'redis live subscribe failed'));
  sub.on('message', (channel: string, message: string) => {
    if (channel !== LIVE_CHANNEL) return;
    const [id, event] = message.split(' ');
    const memberId = Number(id);
    if (Number.isInteger(memberId) && (LIVE_EVENTS as readonly string[]).includes(event ?? '')) deliver(memberId, event as LiveEvent);
  });
  return {
    publish(memberId, event) {
      pub.publish(LIVE_CHANNEL, `${memberId} ${event}`).catch((err: Error) => options.log.warn({ err: err.message }, 'redis live publish failed'));
    },
    subscribe,
    ready,
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}
