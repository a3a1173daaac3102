/**
 * A small read-through cache with a time to live on an injected clock (tests move it): concurrent gets of
 * a missing key share one load; a failed load is not kept; at `max` entries the oldest is dropped. For
 * values every request reads and that may be a few seconds stale on every instance (the staleness is the
 * TTL, and each user states it in its documentation).
 */
export function createTtlCache<K, V>(options: { ttlMs: number; max: number; now: () => number }) {
  const entries = new Map<K, { until: number; value: Promise<V> }>();
  return {
    get(key: K, load: () => Promise<V>): Promise<V> {
      const at = options.now();
      const hit = entries.get(key);
      if (hit && hit.until > at) return hit.value;
      if (hit) entries.delete(key);
      if (entries.size >= options.max) entries.delete(entries.keys().next().value as K);
      const value = load();
      entries.set(key, { until: at + options.ttlMs, value });
      value.catch(() => entries.delete(key));
      return value;
    },
    /** Replaces a cached value (this instance), keeping its expiry. */
    update(key: K, change: (value: V) => V) {
      const hit = entries.get(key);
      if (hit) hit.value = hit.value.then(change);
    },
    delete(key: K) {
      entries.delete(key);
    },
  };
}
