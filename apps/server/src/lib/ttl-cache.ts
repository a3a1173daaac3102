/**
 * A small read-through cache with a time to live on an injected clock (tests move it): concurrent gets of
 * a missing key share one load; a failed load is not kept; at `max` entries the oldest is dropped. For
 * values every request reads and that may be a few seconds stale on every instance (the staleness is the
 * TTL, and each user states it in its documentation).
 *
 * `refreshAheadMs` (optional): a get in the last `refreshAheadMs` of an entry's life still answers the
 * cached value and starts one reload in the background; the reloaded value replaces the entry when it
 * arrives, living `ttlMs` from when its load started. A key read all the time is then never waited for
 * (no request queues behind its reload), and no answer is older than `ttlMs`: once the entry has
 * expired, a get waits for the reload in flight (or starts one), as without the option.
 */
export function createTtlCache<K, V>(options: { ttlMs: number; max: number; now: () => number; refreshAheadMs?: number }) {
  type Entry = { until: number; value: Promise<V>; next?: { value: Promise<V>; until: number } | undefined };
  const entries = new Map<K, Entry>();
  const refreshAhead = options.refreshAheadMs ?? 0;
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const at = options.now();
      const hit = entries.get(key);
      if (hit && hit.until > at) {
        if (refreshAhead > 0 && hit.next === undefined && hit.until - at <= refreshAhead) {
          const next = { value: load(), until: at + options.ttlMs };
          hit.next = next;
          next.value.then(
            () => {
              if (entries.get(key) === hit) entries.set(key, { until: next.until, value: next.value });
            },
            () => {
              if (hit.next === next) hit.next = undefined;
            },
          );
        }
        return hit.value;
      }
      if (hit) entries.delete(key);
      // Expired while its reload is in flight: that reload is the answer (read after the entry was).
      if (hit?.next && hit.next.until > at) {
        entries.set(key, { until: hit.next.until, value: hit.next.value });
        hit.next.value.catch(() => entries.delete(key));
        return hit.next.value;
      }
      if (entries.size >= options.max) entries.delete(entries.keys().next().value as K);
      const value = load();
      entries.set(key, { until: at + options.ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Replaces a cached value (this instance), keeping its expiry. */
    update(key: K, change: (value: V) => V) {
      const hit = entries.get(key);
      if (hit) {
        hit.value = hit.value.then(change);
        if (hit.next) hit.next.value = hit.next.value.then(change);
      }
    },
    delete(key: K) {
      entries.delete(key);
    },
  };
}
