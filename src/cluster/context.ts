/**
 * The cluster context: everything a request, a storage shard or a controller partition needs to
 * know about the control plane it acts in, resolved once (contexts.ts) and passed down instead
 * of the Worker's `env`: the cluster's name, settings, credentials, storage, and the per-isolate
 * state kept for it (caches, rate-limit buckets, bootstrap). Code below the HTTP layer reaches
 * bindings only through here.
 */
import type { ResourceType } from '../api/catalog.js';
import type { Env } from '../server/env.js';
import type { Storage } from '../storage/types.js';
import { WatchCaches } from '../storage/cacher/watch-caches.js';
import { CachedStorage } from '../storage/cacher/cached-storage.js';
import { RecentObjects } from '../storage/cacher/recent-objects.js';
import { ShardRpc } from '../storage/rpc.js';
import type { PartitionAddress } from '../durable/addresses.js';
import { partitionStub, storageResourceOf, storageShardStub, tenantOf } from './addressing.js';
import { ShardedStorage } from '../storage/sharding/sharded-storage.js';
import { ShardMap } from '../storage/sharding/shard-map.js';
import { ClusterCredentials, type CredentialTexts, workerCredentials } from './credentials.js';
import { type ClusterSettings, settingsOf } from './settings.js';

/**
 * A slot of per-cluster state: the module that declares it keeps its logic, the context keeps
 * the value (made on first use), so nothing per-cluster lives in module-level variables.
 */
export class ClusterState<T> {
  constructor(readonly create: (context: ClusterContext) => T) {}

  /** This slot's value in `context`. */
  of(context: ClusterContext): T {
    return context.state(this);
  }
}

/** Something that keeps derived copies of some types' objects: told when this isolate writes one. */
export interface WriteListener {
  /** Whether a write of `type` concerns it. */
  covers(type: ResourceType): boolean;
  /** Called after such a write (through this isolate) succeeded. */
  written(context: ClusterContext, type: ResourceType): Promise<void> | void;
}

/** The isolate's guesses: about 4 MiB of documents, none over 256 KiB. */
const recentObjects = new RecentObjects(4 * 1024 * 1024, 256 * 1024);

export class ClusterContext {
  private readonly slots = new Map<ClusterState<unknown>, unknown>();
  private readonly listeners: WriteListener[] = [];
  private parsed: { env: Env; settings: ClusterSettings } | undefined;
  /** A tenant's credential texts (from its Secret); none until the guard resolved the tenant. */
  private secrets: CredentialTexts = {};
  readonly credentials: ClusterCredentials;
  /** This isolate's watch caches of the cluster's collections. */
  readonly watchCaches = new WatchCaches();
  /** The newest resourceVersion seen per sharded type (sharded-storage.ts). */
  private readonly floors = new Map<string, { value: number }>();

  /** `name` is the cluster's address (cluster/addressing.ts): `default`, or `NAME:UID` for a tenant. */
  constructor(readonly name: string, private bindings: Env) {
    this.credentials = new ClusterCredentials(() => (this.tenant === undefined ? workerCredentials(this.bindings) : this.secrets));
  }

  /** The tenant's name; undefined for the default control plane. */
  get tenant(): string | undefined {
    return tenantOf(this.name);
  }

  /** The Worker's bindings; only addressing and credentials need them. */
  get env(): Env {
    return this.bindings;
  }

  /**
   * Takes the bindings of the current request (workerd may hand each request its own `env`
   * object) and, for a tenant, its current credential texts when the caller knows them.
   */
  rebind(env: Env, secrets?: CredentialTexts): this {
    this.bindings = env;
    if (secrets) this.secrets = secrets;
    return this;
  }

  get settings(): ClusterSettings {
    if (this.parsed?.env !== this.bindings) this.parsed = { env: this.bindings, settings: settingsOf(this.bindings) };
    return this.parsed.settings;
  }

  /**
   * The storage of a resource type (of its storage resource: events.k8s.io Events are core
   * Events'): its one shard's, or one over all its shards (made per request: stubs are tied to
   * the request that made them).
   */
  storage(servedGroup: string, servedResource: string): Storage {
    const { group, resource } = storageResourceOf(servedGroup, servedResource);
    const map = this.settings.shardLayouts.mapOf({ cluster: this.name, group, resource });
    const addresses = map.shards();
    const shards: CachedStorage[] = [];
    const cache = { watches: this.watchCaches, recent: recentObjects };
    const shardAt = (index: number) => (shards[index] ??= new CachedStorage(new ShardRpc(storageShardStub(this.bindings, addresses[index]!), addresses[index]!), cache));
    if (addresses.length === 1) return shardAt(0);
    let floor = this.floors.get(`${group}/${resource}`);
    if (!floor) this.floors.set(`${group}/${resource}`, (floor = { value: 0 }));
    return new ShardedStorage(map, shardAt, floor);
  }

  /** The storage of every shard of a layout of a type, in index order (resharding). */
  shards(map: ShardMap): CachedStorage[] {
    const cache = { watches: this.watchCaches, recent: recentObjects };
    return map.shards().map((address) => new CachedStorage(new ShardRpc(storageShardStub(this.bindings, address), address), cache));
  }

  /** A controller partition of this cluster. */
  partition(partition: number) {
    return partitionStub(this.bindings, { cluster: this.name, partition } satisfies PartitionAddress);
  }

  /** The value of a state slot, made on first use. */
  state<T>(slot: ClusterState<T>): T {
    if (!this.slots.has(slot)) this.slots.set(slot, slot.create(this));
    return this.slots.get(slot) as T;
  }

  /** Registers a listener for writes through this isolate (caches register themselves when made). */
  listen(listener: WriteListener): void {
    this.listeners.push(listener);
  }

  /** A write of `type` through this isolate succeeded: caches of it forget, derived state catches up. */
  async written(type: ResourceType): Promise<void> {
    for (const listener of this.listeners) {
      if (listener.covers(type)) await listener.written(this, type);
    }
  }
}
