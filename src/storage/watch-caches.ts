/**
 * The watch caches of one cluster in one isolate, by collection (shard and prefix): made when a
 * collection's first watcher starts, forgotten when its last one leaves, so memory goes back
 * when watchers do.
 */
import { WatchCache } from './watch-cache.js';

export class WatchCaches {
  private readonly caches = new Map<string, WatchCache>();

  /** The cache of collection `prefix` of the shard named `shard`. */
  of(shard: string, prefix: string): WatchCache {
    const key = `${shard}|${prefix}`;
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = new WatchCache(prefix, () => this.caches.delete(key))));
    return cache;
  }

  /** How many collections have watchers here (tests, metrics). */
  get size(): number {
    return this.caches.size;
  }
}
