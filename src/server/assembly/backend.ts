/**
 * Addressing and the storage stack over the Worker's bindings: the only code that names Durable
 * Objects. A type's objects live in the storage shards its ShardMap lists (one, unless
 * SHARDED_TYPES spreads it), each reached as ShardRpc -> CachedStorage (the cluster's watch caches,
 * the isolate's recent objects), and a type of several shards as ShardedStorage over them. The
 * controllers live in partitions chosen by (cluster, partition).
 */
import { ClusterState, type ClusterBackend, type ClusterContext, type ControllerPartitionStub } from '../../cluster/context.js';
import { type PartitionAddress, partitionName, type ShardAddress, shardName } from '../../durable/addresses.js';
import { CachedStorage, type ShardCache } from '../../storage/cacher/cached-storage.js';
import { RecentObjects } from '../../storage/cacher/recent-objects.js';
import { WatchCaches } from '../../storage/cacher/watch-caches.js';
import { ShardRpc, type StorageShardStub } from '../../storage/rpc.js';
import { type CausalFloor, ShardedStorage } from '../../storage/sharding/sharded-storage.js';
import type { Storage } from '../../storage/types.js';
import type { Env } from '../env.js';

/** The isolate's guesses of objects' current revisions: about 4 MiB of documents, none over 256 KiB. */
const recentObjects = new RecentObjects(4 * 1024 * 1024, 256 * 1024);

/** The cluster's watch caches in this isolate. */
const watchCaches = new ClusterState(() => new WatchCaches());

/** The newest resourceVersion this isolate has seen of each type spread over several shards. */
const causalFloors = new ClusterState(() => new Map<string, CausalFloor>());

/** The stub of a storage shard. */
export function storageShardStub(env: Env, shard: ShardAddress): StorageShardStub {
  return env.STORAGE_SHARDS.get(objectId(env.STORAGE_SHARDS, shardName(shard)));
}

/** The stub of a controller partition. */
export function partitionStub(env: Env, partition: PartitionAddress): ControllerPartitionStub {
  return env.CONTROLLERS.get(objectId(env.CONTROLLERS, partitionName(partition)));
}

/**
 * A cluster's Durable Objects through the bindings of the request at hand. Stubs are I/O objects:
 * workerd ties them to the request that made them, so each request gets its own storage (made on
 * first use: a request touching one shard of a type makes one stub).
 */
export class WorkerBackend implements ClusterBackend {
  constructor(private readonly env: Env, private readonly cluster: ClusterContext) {}

  storage(group: string, resource: string): Storage {
    const map = this.cluster.settings.shardLayouts.mapOf({ cluster: this.cluster.name, group, resource });
    const addresses = map.shards();
    const shards: CachedStorage[] = [];
    const shardAt = (index: number) => (shards[index] ??= this.shard(addresses[index]!));
    if (addresses.length === 1) return shardAt(0);
    const floors = causalFloors.of(this.cluster);
    let floor = floors.get(`${group}/${resource}`);
    if (!floor) floors.set(`${group}/${resource}`, (floor = { value: 0 }));
    return new ShardedStorage(map, shardAt, floor);
  }

  shard(address: ShardAddress): CachedStorage {
    return new CachedStorage(new ShardRpc(storageShardStub(this.env, address), address), this.cache());
  }

  partition(index: number): ControllerPartitionStub {
    return partitionStub(this.env, { cluster: this.cluster.name, partition: index });
  }

  private cache(): ShardCache {
    return { watches: watchCaches.of(this.cluster), recent: recentObjects };
  }
}

/** Ids by name, per namespace binding; emptied when full (names are few per isolate: a tenant's types). */
const knownIds = new WeakMap<object, Map<string, DurableObjectId>>();
const knownIdsCapacity = 4096;

/** `namespace.idFromName(name)`, remembered: the name's hash costs more than the lookup; the id, unlike a stub, is not tied to a request. */
function objectId(namespace: { idFromName(name: string): DurableObjectId }, name: string): DurableObjectId {
  let ids = knownIds.get(namespace);
  if (!ids) knownIds.set(namespace, (ids = new Map()));
  let id = ids.get(name);
  if (!id) {
    if (ids.size >= knownIdsCapacity) ids.clear();
    ids.set(name, (id = namespace.idFromName(name)));
  }
  return id;
}
