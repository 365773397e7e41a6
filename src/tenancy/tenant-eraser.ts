/**
 * Erasing a tenant's incarnation: every Durable Object that may hold its state is told to delete
 * its storage (`ctx.storage.deleteAll()`). Which ones: its controller partitions (a fixed number),
 * the storage shards of every built-in type (each shard of a type spread over several), and the shards of every custom resource type its
 * CRDs ever defined, which the partitions recorded as the CRDs' events reached them (a custom
 * type's objects can only be written after its CRD's event was recorded, since the type serves
 * only once that event's task established it).
 *
 * Order: the partitions first (their tasks stop writing), then the shards (their outboxes go with
 * them), then the partitions again (anything a shard's outbox delivered in between). Requests to
 * the tenant stopped before this started (the ControlPlane's deletion, waited out by the caller).
 */
import { builtinCatalog } from '../api/catalog.js';
import { storageResourceOf } from '../registry/stored-codec.js';
import type { ClusterContext } from '../cluster/context.js';
import { inPool } from '../apimachinery/concurrency.js';

const shardsInFlight = 16;

/** Erases the cluster's storage everywhere; the newest resourceVersion any of its shards had. */
export async function eraseCluster(cluster: ClusterContext): Promise<number> {
  const partitions = Array.from({ length: cluster.settings.controllerPartitions }, (_, index) => cluster.partition(index));
  const custom = (await Promise.all(partitions.map((partition) => partition.customTypes()))).flat();
  await Promise.all(partitions.map((partition) => partition.erase()));
  const shards = [...storedBuiltinTypes(), ...custom]
    .map((type) => storageResourceOf(type.group, type.resource))
    .filter(unique((type) => `${type.group}/${type.resource}`))
    .flatMap((type) => cluster.settings.shardLayouts.mapOf({ cluster: cluster.name, ...type }).shards());
  let newest = 0;
  await inPool(shards, shardsInFlight, async (shard) => {
    newest = Math.max(newest, await cluster.shard(shard).erase(true));
  });
  await Promise.all(Array.from({ length: partitions.length }, (_, index) => cluster.partition(index).erase()));
  return newest;
}

/** Every built-in (group, resource) objects are stored as. */
function storedBuiltinTypes(): { group: string; resource: string }[] {
  return builtinCatalog.groupVersions().flatMap(({ resources }) => resources.filter((type) => !type.virtual).map(({ group, resource }) => ({ group, resource })));
}

function unique<T>(key: (item: T) => string): (item: T) => boolean {
  const seen = new Set<string>();
  return (item) => !seen.has(key(item)) && !!seen.add(key(item));
}
