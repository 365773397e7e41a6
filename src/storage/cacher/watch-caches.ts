/**
 * The watch caches of one cluster in one isolate, by collection (shard and prefix): made when a
 * collection's first watcher starts, forgotten when its last one leaves, so memory goes back
 * when watchers do.
 */
import { WatchCache } from './watch-cache.js';

/** Per shard: the newest version its clock was asked to reach, and whether a request is on its way. */
interface AdvanceState {
  requested: number;
  inFlight: boolean;
  /** Asked for while a request was on its way: sent when it comes back. */
  next: number;
}

export class WatchCaches {
  private readonly caches = new Map<string, WatchCache>();
  private readonly advances = new Map<string, AdvanceState>();

  /** The cache of collection `prefix` of the shard named `shard`. */
  of(shard: string, prefix: string): WatchCache {
    const key = `${shard}|${prefix}`;
    let cache = this.caches.get(key);
    if (!cache) this.caches.set(key, (cache = new WatchCache(prefix, () => this.caches.delete(key))));
    return cache;
  }

  /**
   * Asks a shard (through `send`, the caller's stub) to move its clock to `resourceVersion`, at
   * most one request per shard on its way at a time: what merged watches of this isolate ask
   * meanwhile is folded into one follow-up. Nobody waits on the answer itself (the shard's
   * progress mark comes on the sockets), so a request that fails is simply asked again later.
   */
  advance(shard: string, resourceVersion: number, send: (resourceVersion: number) => Promise<unknown>): void {
    let state = this.advances.get(shard);
    if (!state) this.advances.set(shard, (state = { requested: 0, inFlight: false, next: 0 }));
    if (resourceVersion <= state.requested) return;
    if (state.inFlight) {
      state.next = Math.max(state.next, resourceVersion);
      return;
    }
    const previous = state.requested;
    state.inFlight = true;
    state.requested = resourceVersion;
    const done = state;
    send(resourceVersion).catch(() => (done.requested = previous)).finally(() => {
      done.inFlight = false;
      const next = done.next;
      done.next = 0;
      if (next > done.requested) this.advance(shard, next, send);
    });
  }

  /** How many collections have watchers here (tests, metrics). */
  get size(): number {
    return this.caches.size;
  }
}
