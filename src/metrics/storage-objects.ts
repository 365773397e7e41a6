/**
 * apiserver_storage_objects: the number of objects of every stored resource (custom resources
 * included), named `resource.group` (`configmaps` for the core group), as of the last check; kube
 * checks every minute, and so does each isolate here, on the first scrape after a minute. A count
 * is one `limit=1` list per resource (its remainingItemCount); -1 when that read fails.
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { storeFor } from '../registry/registry.js';
import { metricsOf } from './families.js';

const recheckMillis = 60_000;
const lastCheck = new ClusterState(() => ({ at: -Infinity }));

/**
 * Any state not older than version 1 (the newest, read as it is): a count needs no continue token,
 * and a list of the newest state in pages would have its shard's clock moved to now when the type
 * is quiet (registry/continue-age.ts withFreshSnapshot), a write per type on every check.
 */
const query = { continue: '', resourceVersion: '1', resourceVersionMatch: 'NotOlderThan', limit: 1 } as const;

/** Refreshes the gauge when the last check is a minute old. */
export async function refreshStorageObjects(cluster: ClusterContext): Promise<void> {
  const check = lastCheck.of(cluster);
  if (Date.now() - check.at < recheckMillis) return;
  check.at = Date.now();
  const catalog = await servingCatalog(cluster);
  const seen = new Set<string>();
  const counts: Promise<[string, number]>[] = [];
  for (const { group, version } of catalog.groupVersions()) {
    for (const type of catalog.resourcesOf(group, version)) {
      const name = group ? `${type.resource}.${group}` : type.resource;
      if (type.virtual || seen.has(name)) continue;
      seen.add(name);
      counts.push(storeFor(cluster, type).listObjects('', query).then((list) => [name, list.items.length + (list.remainingItemCount ?? 0)] as [string, number], () => [name, -1]));
    }
  }
  const values = await Promise.all(counts);
  const { storageObjects } = metricsOf(cluster);
  storageObjects.clear();
  for (const [name, count] of values) storageObjects.set([name], count);
}

