/**
 * The catalog requests are served from: the built-in types plus the custom resource types of
 * every established CustomResourceDefinition. Each isolate (Worker or Durable Object) keeps the
 * last catalog it built, stamped with the resourceVersion of the CRD collection it was built
 * from. It checks that stamp with one small read at most every `freshMillis`, at once for
 * discovery, and at once when a request names a type it does not know, so a new CRD serves on
 * its first request and shows in discovery as soon as it is Established, and a changed or
 * deleted one serves as such within `freshMillis` everywhere. (kube-apiserver learns the same through
 * its CRD informer; this is the stateless equivalent.)
 */
import { builtinCatalog, findResource, type Catalog, type ResourceType } from '../api/catalog.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { CollectionCache, collectionCacheSlot } from '../registry/collection-cache.js';
import { customTypes } from './crd-resource-types.js';

/** How long a catalog is trusted without checking the CRD collection. */
export const freshMillis = 1_000;

/**
 * How current the catalog must be: `cached` trusts it for `freshMillis`; `miss` (the caller is
 * about to answer 404 for a type it lacks) and `latest` (discovery, so that a client told a CRD
 * is Established finds its type) check now: one small read, and a rebuild only if CRDs changed.
 */
export type Freshness = 'cached' | 'miss' | 'latest';

/**
 * Types a cluster serves as built in though they are defined as custom resources are (the default
 * plane's ControlPlane type): the server's assembly provides them per cluster; none otherwise.
 */
export const builtinCustomTypes = new ClusterState<() => Promise<ResourceType[]>>(() => async () => []);

/** Per cluster, made on first use in its context. */
const catalogCache = collectionCacheSlot(() => new CollectionCache<Catalog>(() => [crdType()], ([crds = []], cluster) => catalogOf(crds, cluster), { freshMillis }));

/** The current catalog of `cluster`. */
export function servingCatalog(cluster: ClusterContext, freshness: Freshness = 'cached'): Promise<Catalog> {
  return catalogCache.of(cluster).current(cluster, freshness !== 'cached');
}

/** Finds a type in the serving catalog, checking again before saying it does not exist. */
export async function findServedResource(cluster: ClusterContext, group: string, version: string, resource: string): Promise<ResourceType | undefined> {
  return (await servingCatalog(cluster)).findResource(group, version, resource)
    ?? (await servingCatalog(cluster, 'miss')).findResource(group, version, resource);
}

/**
 * The built-in catalog extended with the types of `crds`; groups kube serves itself stay
 * built-in, and so do the groups of the cluster's built-in custom types.
 */
async function catalogOf(crds: KubeObject[], cluster: ClusterContext): Promise<Catalog> {
  const own = await builtinCustomTypes.of(cluster)();
  const builtinGroups = new Set([...builtinCatalog.groups().map((group) => group.name), ...own.map((type) => type.group)]);
  const types = [...own, ...(await Promise.all(crds.map(customTypes))).flat().filter((type) => !builtinGroups.has(type.group))];
  return types.length ? builtinCatalog.extend(types) : builtinCatalog;
}

function crdType(): ResourceType {
  const type = findResource('apiextensions.k8s.io', 'v1', 'customresourcedefinitions');
  if (!type) throw new Error('the catalog has no customresourcedefinitions');
  return type;
}
