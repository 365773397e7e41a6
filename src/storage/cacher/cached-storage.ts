/**
 * CachedStorage: one storage shard as this isolate serves it, a decorator over the shard's RPC
 * (kube's cacher over etcd's storage): watches are served by the isolate's watch cache of the
 * collection, one subscription to the shard however many watchers (watch-cache.ts), and the
 * objects it last read or wrote are kept as guesses a write may start from (recent-objects.ts).
 * Everything else passes through. What it keeps belongs to whoever made it (the assembly): the
 * cluster's watch caches and the isolate's recent objects.
 */
import type { DeleteExtras, ListRequest, ObjectWrite, ReadVersion, StoredObject } from '../../durable/protocol.js';
import { isStorageError } from '../errors.js';
import type { ShardRpc } from '../rpc.js';
import type { ListResult, ShardStorage, WatchListener, WatchRequest, Watcher } from '../types.js';
import { CacheWatcher, type WatchSource } from './cache-watcher.js';
import type { RecentObjects } from './recent-objects.js';
import type { WatchCaches } from './watch-caches.js';

/** What the cache of a shard keeps, and where. */
export interface ShardCache {
  /** The watch caches of the shard's cluster in this isolate. */
  watches: WatchCaches;
  /** The isolate's recent objects (shared by every cluster: keys carry the shard's name). */
  recent: RecentObjects;
}

export class CachedStorage implements ShardStorage {
  readonly name: string;

  constructor(private readonly rpc: ShardRpc, private readonly cache: ShardCache) {
    this.name = rpc.name;
  }

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    const object = await this.recorded(this.rpc.get(key, version));
    if (version.match !== 'exact') this.remember(object);
    return object;
  }

  list(request: ListRequest): Promise<ListResult> {
    return this.rpc.list(request);
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return this.remember(await this.recorded(this.rpc.create(write)));
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return this.remember(await this.recorded(this.rpc.update(write, expectedResourceVersion)));
  }

  async delete(key: string, expectedResourceVersion: number, extras: DeleteExtras = {}): Promise<StoredObject> {
    const removed = await this.recorded(this.rpc.delete(key, expectedResourceVersion, extras));
    this.cache.recent.forget(this.name, key);
    return removed;
  }

  guess(key: string): StoredObject | undefined {
    return this.cache.recent.guess(this.name, key);
  }

  async watch(request: WatchRequest, listener: WatchListener): Promise<Watcher> {
    const watchCache = this.cache.watches.of(this.name, request.filter.prefix);
    const watcher = new CacheWatcher(watchCache, this.watchSource(), request, listener);
    await watcher.start();
    return watcher;
  }

  currentResourceVersion(): Promise<number> {
    return this.rpc.advanceClock(0);
  }

  advanceClock(resourceVersion: number): Promise<number> {
    return this.rpc.advanceClock(resourceVersion);
  }

  closeDefinition(uid: string): Promise<void> {
    return this.rpc.closeDefinition(uid);
  }

  requestProgress(resourceVersion: number): void {
    this.cache.watches.advance(this.name, resourceVersion, (version) => this.rpc.advanceClock(version));
  }

  listKeys(request: ListRequest) {
    return this.rpc.listKeys(request);
  }

  compactTo(resourceVersion: number): Promise<number> {
    return this.rpc.compactTo(resourceVersion);
  }

  erase(retire = false): Promise<number> {
    return this.rpc.erase(retire);
  }

  /** A reply's value; a Conflict's current revision becomes this isolate's guess before it is thrown on. */
  private async recorded(reply: Promise<StoredObject>): Promise<StoredObject> {
    try {
      return await reply;
    } catch (error) {
      if (isStorageError(error, 'Conflict') && error.failure.current) this.remember(error.failure.current);
      throw error;
    }
  }

  private remember(object: StoredObject): StoredObject {
    this.cache.recent.remember(this.name, object);
    return object;
  }

  /** What a watcher reads from the shard, through this request's stub. */
  private watchSource(): WatchSource {
    return {
      link: {
        subscribe: (subscription) => this.rpc.subscribe(subscription),
        current: () => this.rpc.advanceClock(0),
        // Called only for a version at or below the clock, so the clock stays where it is.
        progress: (resourceVersion) => this.rpc.advanceClock(resourceVersion),
      },
      list: (request) => this.list(request),
      changes: (prefix, after, upTo) => this.rpc.changes(prefix, after, upTo),
    };
  }
}
