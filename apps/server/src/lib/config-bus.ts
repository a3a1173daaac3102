import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** Cross-instance notifications that a site configuration key changed. */
export interface ConfigBus {
  /** Resolves once the subscription is active (or failed, which is logged). */
  ready: Promise<void>;
  publish(key: string): Promise<void>;
  onInvalidate(handler: (key: string) => void): void;
  close(): Promise<void>;
}

export const CONFIG_CHANNEL = 'lotus:site-config:invalidate';

/**
 * Redis pub/sub bus. Failures are logged, never thrown: the in-process cache lives at most 1 s, so
 * a lost message only delays the change by that much.
 */
export function createRedisConfigBus(url: string, log: Pick<FastifyBaseLogger, 'warn'>): ConfigBus {
  const options = { maxRetriesPerRequest: 2, connectTimeout: 2000, enableOfflineQueue: true };
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  const handlers: ((key: string) => void)[] = [];
  pub.on('error', (err) => log.warn({ err: err.message }, 'redis (config publish) error'));
  sub.on('error', (err) => log.warn({ err: err.message }, 'redis (config subscribe) error'));
  const ready = sub
    .subscribe(CONFIG_CHANNEL)
    .then(() => undefined)
    .catch((err: Error) => log.warn({ err: err.message }, 'redis subscribe failed'));
  sub.on('message', (channel, message) => {
    if (channel !== CONFIG_CHANNEL) return;
    for (const handler of handlers) handler(message);
  });
  return {
    ready,
    async publish(key) {
      try {
        await pub.publish(CONFIG_CHANNEL, key);
      } catch (err) {
        log.warn({ err: (err as Error).message }, 'redis publish failed');
      }
    },
    onInvalidate(handler) {
      handlers.push(handler);
    },
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
    },
  };
}

/** Waits until the bus's subscriber is ready (tests and start-up use it). */
export async function waitForRedis(url: string, timeoutMs = 2000): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: timeoutMs,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
