/**
 * One resource type spread over several storage shards (src/storage/sharding/sharded-storage.ts): the
 * conformance suites, written for one shard, pass unchanged over 2 and 8 shards, by namespace and
 * by namespace/name.
 */
import { ShardMap, type ShardLayout } from '../../src/storage/sharding/shard-map.js';
import type { ShardedStorage } from '../../src/storage/sharding/sharded-storage.js';
import { storageConformance } from '../storage-conformance.js';
import { storageWatchConformance } from '../storage-watch-conformance.js';
import { shardedStorage as overShards } from './shard-storage.js';

let counter = 0;

/** A fresh type of its own, spread as `layout` says. */
export function shardedStorage(layout: ShardLayout): ShardedStorage {
  const type = { cluster: 'sharded', group: `g${Date.now()}`, resource: `r${counter++}` };
  return overShards(new ShardMap(type, layout)).storage;
}

for (const layout of [{ count: 2, key: 'namespace' }, { count: 2, key: 'name' }, { count: 8, key: 'namespace' }, { count: 8, key: 'name' }] as ShardLayout[]) {
  const name = `ShardedStorage (${layout.count} shards by ${layout.key})`;
  storageConformance(name, () => shardedStorage(layout));
  storageWatchConformance(name, () => shardedStorage(layout));
}
