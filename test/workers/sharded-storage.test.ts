/**
 * One resource type spread over several storage shards (src/storage/sharded-storage.ts): the
 * conformance suites, written for one shard, pass unchanged over 2 and 8 shards, by namespace and
 * by namespace/name.
 */
import { env } from 'cloudflare:workers';
import { shardsOf, storageShardStub } from '../../src/cluster/addressing.js';
import type { ShardLayout } from '../../src/storage/sharding/shard-map.js';
import { ShardClient } from '../../src/storage/rpc.js';
import { ShardedStorage } from '../../src/storage/sharding/sharded-storage.js';
import { WatchCaches } from '../../src/storage/cacher/watch-caches.js';
import { storageConformance } from '../storage-conformance.js';
import { storageWatchConformance } from '../storage-watch-conformance.js';

let counter = 0;
const caches = new WatchCaches();

/** A fresh type of its own, spread as `layout` says. */
export function shardedStorage(layout: ShardLayout): ShardedStorage {
  const type = { cluster: 'sharded', group: `g${Date.now()}`, resource: `r${counter++}` };
  const clients = shardsOf(type, layout).map((address) => new ShardClient(storageShardStub(env, address), address, caches));
  const advance = (index: number, version: number) => caches.advance(clients[index]!.name, version, (target) => clients[index]!.advanceClock(target));
  return new ShardedStorage(type, layout, (index) => clients[index]!, advance, { value: 0 });
}

for (const layout of [{ count: 2, key: 'namespace' }, { count: 2, key: 'name' }, { count: 8, key: 'namespace' }, { count: 8, key: 'name' }] as ShardLayout[]) {
  const name = `ShardedStorage (${layout.count} shards by ${layout.key})`;
  storageConformance(name, () => shardedStorage(layout));
  storageWatchConformance(name, () => shardedStorage(layout));
}
