/**
 * The stored types of a cluster, as a snapshot lists them: every type of its serving catalog kept
 * in storage (built-in, built-in custom such as ControlPlanes, and its CRDs' types), once per
 * storage resource (events.k8s.io Events are core Events), CustomResourceDefinitions first and
 * Namespaces next (a restore writes them before what they define or hold), then kube's group order.
 */
import type { Catalog, ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { storageResourceOf } from '../registry/stored-codec.js';
import type { ShardStorage } from '../storage/types.js';

export interface StoredType {
  group: string;
  resource: string;
  /** The served type objects of it are decoded, validated and indexed as (its preferred version). */
  served: ResourceType;
}

const firstTypes = ['apiextensions.k8s.io/customresourcedefinitions', '/namespaces'];

/** The cluster's stored types now, in restore order. */
export async function storedTypes(cluster: ClusterContext): Promise<StoredType[]> {
  const seen = storedTypesOf(await servingCatalog(cluster, 'latest'));
  const rank = (type: StoredType) => {
    const index = firstTypes.indexOf(`${type.group}/${type.resource}`);
    return index < 0 ? firstTypes.length : index;
  };
  return [...seen.values()].map((type, order) => ({ type, order })).sort((a, b) => rank(a.type) - rank(b.type) || a.order - b.order).map(({ type }) => type);
}

/**
 * A catalog's stored types by `group/resource`, each with the served type its objects are indexed
 * as: versions come in priority order, so a built-in type's first is its preferred one (the form it
 * is stored in); a custom type's is its storage version.
 */
export function storedTypesOf(catalog: Catalog): Map<string, StoredType> {
  const seen = new Map<string, StoredType>();
  for (const { group, resources } of catalog.groupVersions()) {
    for (const served of resources) {
      if (served.virtual || !served.verbs.includes('list')) continue;
      const stored = storageResourceOf(group, served.resource);
      if (stored.group !== group) continue; // kept as another group's type (events.k8s.io Events)
      const name = `${stored.group}/${stored.resource}`;
      if (!seen.has(name) || served.custom?.storageVersion === served.version) seen.set(name, { ...stored, served });
    }
  }
  return seen;
}

/** The storage shards of a stored type in `cluster`, in index order. */
export function shardsOf(cluster: ClusterContext, type: { group: string; resource: string }): ShardStorage[] {
  return cluster.settings.shardLayouts.mapOf({ cluster: cluster.name, group: type.group, resource: type.resource }).shards().map((address) => cluster.shard(address));
}
