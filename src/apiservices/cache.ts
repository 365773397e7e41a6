/**
 * Every APIService of a cluster, cached per isolate (a CollectionCache in the cluster's context,
 * checked at most once a second), for the requests that need them: the proxy to an aggregated
 * API and the discovery of its group.
 */
import type { ClusterContext } from '../cluster/context.js';
import { CollectionCache, collectionCacheSlot } from '../registry/collection-cache.js';
import type { KubeObject } from '../apimachinery/object.js';
import { apiServiceType } from './types.js';

const apiServicesCache = collectionCacheSlot(() => new CollectionCache<KubeObject[]>(() => [apiServiceType()], ([items = []]) => items));

/** The APIServices as of at most a second ago (now, with `checkNow`). */
export function cachedApiServices(cluster: ClusterContext, checkNow = false): Promise<KubeObject[]> {
  return apiServicesCache.of(cluster).current(cluster, checkNow);
}

/** The next use reads again (the server wrote APIServices itself). */
export function forgetApiServices(cluster: ClusterContext): void {
  apiServicesCache.of(cluster).forget();
}
