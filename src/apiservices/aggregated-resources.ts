/**
 * The resources of available aggregated APIs, for aggregated discovery (apidiscovery.k8s.io/v2),
 * which kubectl 1.26+ reads instead of each group-version: like kube-aggregator's discovery
 * manager, each available service-backed APIService's `/apis/<group>/<version>` is fetched from its
 * service (APIResourceList) and merged in; kept per isolate for 30 s (kube refreshes on change and
 * every minute). A backend that does not answer is left out until it does.
 */
import type { ResourceType, SubresourceType, Verb } from '../api/catalog.js';
import { findResource } from '../api/catalog.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { cachedApiServices } from './cache.js';
import { discoveryPath } from './discovery-check.js';
import { serviceBaseUrl } from '../webhooks/service-url.js';
import { availableCondition, serviceOf } from './types.js';

const freshMillis = 30_000;
const timeoutMillis = 5_000;
/** Each cluster's fetched resource lists, by APIService uid and resourceVersion. */
const fetchedLists = new ClusterState(() => new Map<string, { at: number; types: ResourceType[] }>());

interface LegacyResource {
  name: string;
  singularName?: string;
  namespaced?: boolean;
  kind?: string;
  verbs?: string[];
  shortNames?: string[];
  categories?: string[];
}

/** ResourceTypes of an APIResourceList (subresources as `resource/sub` entries). */
export function typesOfResourceList(group: string, version: string, resources: LegacyResource[]): ResourceType[] {
  const main = resources.filter((item) => !item.name.includes('/'));
  return main.map((item) => {
    const subresources: SubresourceType[] = resources.filter((sub) => sub.name.startsWith(`${item.name}/`))
      .map((sub) => ({ name: sub.name.slice(item.name.length + 1), kind: sub.kind ?? '', verbs: (sub.verbs ?? []) as Verb[] }));
    return {
      group, version, resource: item.name, kind: item.kind ?? '', singularName: item.singularName || (item.kind ?? '').toLowerCase(),
      namespaced: item.namespaced === true, verbs: (item.verbs ?? []) as Verb[],
      ...(item.shortNames?.length ? { shortNames: item.shortNames } : {}),
      ...(item.categories?.length ? { categories: item.categories } : {}),
      ...(subresources.length ? { subresources } : {}),
    };
  });
}

async function fetchTypes(cluster: ClusterContext, apiService: KubeObject): Promise<ResourceType[]> {
  const reference = serviceOf(apiService)!;
  const service = await storeFor(cluster, findResource('', 'v1', 'services')!).getIfExists(reference.namespace, reference.name);
  const base = service ? serviceBaseUrl(service, reference.port) : { error: '' };
  if (typeof base !== 'string') return [];
  const spec = apiService.spec as { group: string; version: string };
  try {
    const response = await fetch(`${base}${discoveryPath(apiService)}`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMillis) });
    if (!response.ok) return [];
    const list = (await response.json()) as { resources?: LegacyResource[] };
    return typesOfResourceList(spec.group, spec.version, list.resources ?? []);
  } catch {
    return [];
  }
}

/** The resources of every available aggregated API whose group `served` does not have. */
export async function aggregatedResourceTypes(cluster: ClusterContext, served: (group: string) => boolean): Promise<ResourceType[]> {
  const fetched = fetchedLists.of(cluster);
  const apiServices = (await cachedApiServices(cluster)).filter((apiService) =>
    serviceOf(apiService) && availableCondition(apiService)?.status === 'True' && !served((apiService.spec as { group?: string }).group ?? ''));
  const lists = await Promise.all(apiServices.map(async (apiService) => {
    const key = `${apiService.metadata.uid}/${apiService.metadata.resourceVersion}`;
    const cached = fetched.get(key);
    if (cached && Date.now() - cached.at < freshMillis) return cached.types;
    const types = await fetchTypes(cluster, apiService);
    fetched.set(key, { at: Date.now(), types });
    return types;
  }));
  return lists.flat();
}
