/**
 * The storage stack as the assembly builds it, over shards the tests name themselves: each shard's
 * RPC under this test file's cache (its own watch caches and recent objects), and a type of
 * several shards over them.
 */
import { env } from 'cloudflare:workers';
import { storageShardStub } from '../../src/server/assembly/backend.js';
import type { ShardAddress } from '../../src/durable/addresses.js';
import { CachedStorage } from '../../src/storage/cacher/cached-storage.js';
import { RecentObjects } from '../../src/storage/cacher/recent-objects.js';
import { WatchCaches } from '../../src/storage/cacher/watch-caches.js';
import { ShardRpc } from '../../src/storage/rpc.js';
import { ShardedStorage } from '../../src/storage/sharding/sharded-storage.js';
import type { ShardMap } from '../../src/storage/sharding/shard-map.js';

const cache = { watches: new WatchCaches(), recent: new RecentObjects(4 * 1024 * 1024, 256 * 1024) };

/** The storage of one shard, as a request of this isolate reaches it. */
export function shardStorage(address: ShardAddress): CachedStorage {
  return new CachedStorage(new ShardRpc(storageShardStub(env, address), address), cache);
}

/** A type over the shards of `map`, and each shard's own storage. */
export function shardedStorage(map: ShardMap): { storage: ShardedStorage; shards: CachedStorage[] } {
  const shards = map.shards().map(shardStorage);
  return { storage: new ShardedStorage(map, (index) => shards[index]!, { value: 0 }), shards };
}
