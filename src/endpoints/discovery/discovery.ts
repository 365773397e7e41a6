/**
 * Discovery documents, all derived from the catalog (the same entries that decide routes and
 * verbs): legacy /api, /apis, /api/v1, /apis/G, /apis/G/V, and aggregated discovery
 * (apidiscovery.k8s.io v2 and v2beta1) for /api and /apis.
 */
import { apiVersionOf, type Catalog, type GroupEntry, type ResourceType, type SubresourceType } from '../../api/catalog.js';

const groupVersionEntry = (group: string, version: string) => ({ groupVersion: apiVersionOf(group, version), version });

/** /api: the core group's versions. */
export function apiVersions(serverAddress: string) {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** One entry of /apis, and the body of /apis/G. */
export function apiGroup(entry: GroupEntry) {
  return {
    name: entry.name,
    versions: entry.versions.map((version) => groupVersionEntry(entry.name, version)),
    preferredVersion: groupVersionEntry(entry.name, entry.preferredVersion),
  };
}

/** /apis: every named group, in kube's order. */
export function apiGroupList(catalog: Catalog) {
  return { kind: 'APIGroupList', apiVersion: 'v1', groups: catalog.namedGroups().map(apiGroup) };
}

/** /api/v1 and /apis/G/V: resources and their subresources, each with its verbs. */
export function apiResourceList(catalog: Catalog, group: string, version: string) {
  const resources = catalog.resourcesOf(group, version).flatMap((type) => [
    legacyResource(type),
    ...(type.subresources ?? []).map((sub) => legacySubresource(type, sub)),
  ]);
  const list: Record<string, unknown> = { kind: 'APIResourceList' };
  if (group) list.apiVersion = 'v1';
  list.groupVersion = apiVersionOf(group, version);
  list.resources = resources;
  return list;
}

function legacyResource(type: ResourceType) {
  const entry: Record<string, unknown> = {
    name: type.resource, singularName: type.singularName, namespaced: type.namespaced, kind: type.kind, verbs: type.verbs,
  };
  if (type.shortNames?.length) entry.shortNames = type.shortNames;
  if (type.categories?.length) entry.categories = type.categories;
  if (type.storageVersionHash) entry.storageVersionHash = type.storageVersionHash;
  return entry;
}

function legacySubresource(type: ResourceType, sub: SubresourceType) {
  const entry: Record<string, unknown> = { name: `${type.resource}/${sub.name}`, singularName: '', namespaced: type.namespaced };
  if (sub.group !== undefined) entry.group = sub.group;
  if (sub.version !== undefined) entry.version = sub.version;
  entry.kind = sub.kind;
  entry.verbs = sub.verbs;
  return entry;
}

/** Aggregated discovery for the core group (`/api`) or every named group (`/apis`). */
export function aggregatedDiscovery(catalog: Catalog, legacyCore: boolean, version: 'v2' | 'v2beta1') {
  const groups = legacyCore ? catalog.groups().filter((group) => group.name === '') : catalog.namedGroups();
  return {
    kind: 'APIGroupDiscoveryList',
    apiVersion: `apidiscovery.k8s.io/${version}`,
    metadata: {},
    items: groups.map((group) => ({
      metadata: group.name ? { name: group.name, creationTimestamp: null } : { creationTimestamp: null },
      versions: group.versions.map((groupVersion) => ({
        version: groupVersion,
        resources: catalog.resourcesOf(group.name, groupVersion).map(aggregatedResource),
        freshness: 'Current',
      })),
    })),
  };
}

function aggregatedResource(type: ResourceType) {
  const entry: Record<string, unknown> = {
    resource: type.resource,
    responseKind: { group: '', version: '', kind: type.kind },
    scope: type.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: type.singularName,
    verbs: type.verbs,
  };
  if (type.shortNames?.length) entry.shortNames = type.shortNames;
  if (type.categories?.length) entry.categories = type.categories;
  if (type.subresources?.length) {
    entry.subresources = type.subresources.map((sub) => ({
      subresource: sub.name,
      responseKind: { group: sub.group ?? '', version: sub.version ?? '', kind: sub.kind },
      verbs: sub.verbs,
    }));
  }
  return entry;
}
