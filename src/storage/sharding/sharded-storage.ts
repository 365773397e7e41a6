/**
 * The Storage of a resource type spread over several storage shards (shard-map.ts): a decorator
 * over the shards' own Storage, as kube's cacher decorates etcd's, so the registry,
 * handlers and controllers do not know. A single-object verb goes to the shard that owns the
 * key; a list or watch of one namespace of a type sharded by namespace goes to that namespace's
 * shard; anything else spans every shard, merged from one snapshot (merged-list.ts) and in one
 * order (merged-watch.ts).
 *
 * Each shard's clock orders its own writes; across shards, a write carries the newest version
 * this isolate has seen of the type as a floor (a hybrid logical clock's receive rule), so a
 * client's successive writes get increasing resourceVersions whichever shards they land in.
 */
import type { DeleteExtras, ListRequest, ObjectWrite } from '../../durable/protocol.js';
import { isStorageError, StorageError } from '../errors.js';
import type { ListResult, ReadVersion, ShardStorage, Storage, StoredObject, WatchListener, WatchRequest, Watcher } from '../types.js';
import { mergedList } from './merged-list.js';
import { mergedWatch } from './merged-watch.js';
import type { ShardMap } from './shard-map.js';

/** The newest resourceVersion this isolate has seen of a type (kept per cluster and type by the context). */
export interface CausalFloor {
  value: number;
}

export class ShardedStorage implements Storage {
  constructor(
    private readonly map: ShardMap,
    /** The shard of an index (made on first use: a request touching one shard makes one stub). */
    private readonly shardAt: (index: number) => ShardStorage,
    private readonly floor: CausalFloor,
  ) {}

  /** Every shard, in index order. */
  private get shards(): ShardStorage[] {
    return Array.from({ length: this.map.count }, (_, index) => this.shardAt(index));
  }

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    const owner = this.owner(key);
    return this.seen(await this.caughtUp(owner, () => owner.get(key, version)));
  }

  guess(key: string): StoredObject | undefined {
    return this.owner(key).guess(key);
  }

  async list(request: ListRequest): Promise<ListResult> {
    const shard = this.onlyShardOf(request.prefix);
    const result = await (shard ? this.caughtUp(shard, () => shard.list(this.atFloor(request))) : mergedList(this.shards, request));
    this.floor.value = Math.max(this.floor.value, result.resourceVersion);
    return result;
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return this.seen(await this.owner(write.key).create({ ...write, after: Math.max(write.after ?? 0, this.floor.value) }));
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return this.seen(await this.owner(write.key).update({ ...write, after: Math.max(write.after ?? 0, this.floor.value) }, expectedResourceVersion));
  }

  async delete(key: string, expectedResourceVersion: number, extras: DeleteExtras = {}): Promise<StoredObject> {
    return this.seen(await this.owner(key).delete(key, expectedResourceVersion, { ...extras, after: Math.max(extras.after ?? 0, this.floor.value) }));
  }

  /**
   * Runs a read on one shard; if it asks for a version the shard has not reached but another has
   * (versions come from the whole type: a list across shards, another shard's object), the
   * shard's clock is moved there and the read runs again. Past every shard, TooLargeResourceVersion.
   */
  private async caughtUp<T>(shard: ShardStorage, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (error) {
      if (!isStorageError(error, 'TooLargeResourceVersion')) throw error;
      const requested = error.failure.requestedResourceVersion!;
      const newest = Math.max(...(await Promise.all(this.shards.map((other) => other.advanceClock(0)))));
      if (requested > newest) throw new StorageError({ ...error.failure, currentResourceVersion: newest });
      await shard.advanceClock(requested);
      return read();
    }
  }

  private seen(stored: StoredObject): StoredObject {
    this.floor.value = Math.max(this.floor.value, stored.resourceVersion);
    return stored;
  }

  async watch(request: WatchRequest, listener: WatchListener): Promise<Watcher> {
    const shard = this.onlyShardOf(request.filter.prefix);
    if (!shard) return mergedWatch(this.shards, request, listener);
    const { start } = request;
    if (start.from !== 'state' || (start.notOlderThan ?? 0) >= this.floor.value) return this.caughtUp(shard, () => shard.watch(request, listener));
    // The initial state of one shard is read no older than anything this isolate saw of the type.
    await shard.advanceClock(this.floor.value);
    return shard.watch({ ...request, start: { from: 'state', notOlderThan: this.floor.value } }, listener);
  }

  /** A latest read of one shard, no older than anything this isolate saw of the type (its clock moves there first). */
  private atFloor(request: ListRequest): ListRequest {
    return request.version.match === 'latest' && this.floor.value > 0 ? { ...request, advanceClockTo: this.floor.value } : request;
  }

  currentResourceVersion(): Promise<number> {
    return this.advanceClock(0);
  }

  /** Closes the definition in every shard: a create may land in any of them. */
  async closeDefinition(uid: string): Promise<void> {
    await Promise.all(this.shards.map((shard) => shard.closeDefinition(uid)));
  }

  /** Moves every shard's clock past `resourceVersion`; the newest committed version of any. */
  async advanceClock(resourceVersion: number): Promise<number> {
    return Math.max(...(await Promise.all(this.shards.map((shard) => shard.advanceClock(resourceVersion)))));
  }

  /** The shard that owns `key` (`namespace/name`, or `name` for cluster-scoped objects). */
  private owner(key: string): ShardStorage {
    return this.shardAt(this.map.ownerOfKey(key));
  }

  /** The one shard a collection lives in (a namespace of a type sharded by namespace), or null when it spans them. */
  private onlyShardOf(prefix: string): ShardStorage | null {
    const index = this.map.onlyShardOf(prefix);
    return index === null ? null : this.shardAt(index);
  }
}
