/**
 * Aggregated API groups in discovery, as kube-aggregator's /apis handler lists them: every group
 * an APIService registers that nothing here serves (a Local one too, though its versions 404), its versions in order of
 * versionPriority (then kube's version order), the groups after the built-in ones in order of
 * groupPriorityMinimum (custom resource groups count as 1000), then name. Their /apis/<group>
 * documents follow; /apis/<group>/<version> is the backend's own (proxied). Aggregated discovery
 * (apidiscovery.k8s.io/v2) lists the available ones with the resources their backends publish
 * (./aggregated-resources.ts).
 */
import { builtinCatalog, Catalog, compareKubeVersions, type GroupEntry, type ResourceType } from '../api/catalog.js';
import { aggregatedResourceTypes } from './aggregated-resources.js';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { cachedApiServices } from './cache.js';

interface Registered {
  group: string;
  version: string;
  groupPriority: number;
  versionPriority: number;
}

function registeredOf(apiService: KubeObject): Registered {
  const spec = (apiService.spec ?? {}) as { group?: string; version?: string; groupPriorityMinimum?: number; versionPriority?: number };
  return { group: spec.group ?? '', version: spec.version ?? '', groupPriority: spec.groupPriorityMinimum ?? 0, versionPriority: spec.versionPriority ?? 0 };
}

/** The aggregated groups `catalog` does not serve, with their priority. */
function aggregatedGroups(catalog: Catalog, apiServices: KubeObject[]): (GroupEntry & { priority: number })[] {
  const byGroup = new Map<string, Registered[]>();
  for (const apiService of apiServices) {
    const registered = registeredOf(apiService);
    if (registered.group === '' || catalog.group(registered.group)) continue;
    byGroup.set(registered.group, [...(byGroup.get(registered.group) ?? []), registered]);
  }
  return [...byGroup].map(([name, versions]) => {
    versions.sort((a, b) => b.versionPriority - a.versionPriority || compareKubeVersions(a.version, b.version));
    const names = versions.map((item) => item.version);
    return { name, versions: names, preferredVersion: names[0]!, priority: Math.max(...versions.map((item) => item.groupPriority)) };
  });
}

/**
 * `catalog` with the aggregated groups added: every registered one for the legacy /apis and
 * /apis/<group> (`withResources` false), the available ones with their backends' resources for
 * aggregated discovery.
 */
export async function withAggregatedGroups(cluster: ClusterContext, catalog: Catalog, withResources = false): Promise<Catalog> {
  const apiServices = await cachedApiServices(cluster);
  if (!withResources) return ordered(catalog, aggregatedGroups(catalog, apiServices), []);
  const types = await aggregatedResourceTypes(cluster, (group) => catalog.group(group) !== undefined);
  const withTypes = new Set(types.map((type) => `${type.version}.${type.group}`));
  const available = apiServices.filter((apiService) => withTypes.has(apiService.metadata.name!));
  return ordered(catalog, aggregatedGroups(catalog, available), types);
}

/** The catalog's built-in groups, then its own and the aggregated groups by priority and name. */
function ordered(catalog: Catalog, extra: (GroupEntry & { priority: number })[], types: ResourceType[]): Catalog {
  if (extra.length === 0) return catalog;
  const builtin = new Set(builtinCatalog.groups().map((group) => group.name));
  const own = catalog.groups().filter((group) => !builtin.has(group.name)).map((group) => ({ ...group, priority: 1000 }));
  const byPriority = [...own, ...extra].sort((a, b) => b.priority - a.priority || (a.name < b.name ? -1 : 1));
  const groups = [...catalog.groups().filter((group) => builtin.has(group.name)), ...byPriority.map(({ priority: _priority, ...group }) => group)];
  const resources = catalog.groupVersions().flatMap((entry) => [...entry.resources]);
  return new Catalog(groups, [...resources, ...types]);
}
