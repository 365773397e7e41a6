/**
 * The tenants benchmark's look at storage: for `?cluster=NAME:UID`, the SQLite size of every
 * Durable Object the tenant may have (the storage shard of each built-in type, its controller
 * partitions), through the server's own Durable Object namespaces and addressing. Runs in the
 * same workerd as the server; reading a Durable Object that never stored anything stores nothing.
 */
import { builtinCatalog } from '../src/api/catalog.js';
import { partitionStub, storageShardStub } from '../src/server/assembly/backend.js';
import { ShardMap, singleShard } from '../src/storage/sharding/shard-map.js';
import type { Env } from '../src/server/env.js';

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const cluster = new URL(request.url).searchParams.get('cluster') ?? '';
    const seen = new Set<string>();
    const types = builtinCatalog.groupVersions().flatMap(({ resources }) => resources)
      .filter((type) => !type.virtual && !seen.has(`${type.group}/${type.resource}`) && !!seen.add(`${type.group}/${type.resource}`));
    const shards = types.flatMap(({ group, resource }) => new ShardMap({ cluster, group, resource }, singleShard).shards());
    const sizes = await Promise.all(shards.map(async (shard) => ({ name: `${shard.group || 'core'}/${shard.resource}`, bytes: await storageShardStub(env, shard).storedBytes() })));
    const partitions = Array.from({ length: Number(env.CONTROLLER_PARTITIONS ?? 4) }, (_, partition) => partition);
    const partitionSizes = await Promise.all(partitions.map(async (partition) => ({ name: `partition/${partition}`, bytes: await partitionStub(env, { cluster, partition }).storedBytes() })));
    const [untouched] = new ShardMap({ cluster: `${cluster}-never`, group: 'never', resource: 'used' }, singleShard).shards();
    const empty = await storageShardStub(env, untouched!).storedBytes();
    return Response.json({ empty, objects: [...sizes, ...partitionSizes] });
  },
};
