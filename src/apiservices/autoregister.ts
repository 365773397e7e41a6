/**
 * kube-aggregator's autoregister and crdregistration controllers (kube v1.32): a Local APIService
 * for every built-in group-version (label `onstart`, priorities from data/bootstrap-apiservices.json,
 * which are kube-apiserver's) and for every served version of a custom resource group (label
 * `true`, group priority 1000, version priority 100), written as `kube-apiserver`. A missing one is
 * created; one that still carries the label gets its spec back; one labelled `true` that nothing
 * serves any more is deleted; an APIService without the label is left to its owner. Each isolate
 * runs this with its bootstrap, after an APIService write through it, and whenever the
 * custom resource collection it serves from changed before an APIService read.
 */
import bootstrap from '../../data/bootstrap-apiservices.json';
import { builtinCatalog, type Catalog } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { fieldManagement, trackUpdate } from '../registry/field-manager.js';
import { defaultDeleteOptions } from '../registry/deletion.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from '../registry/registry.js';
import { ignoreWriteRaces } from '../registry/write-races.js';
import { aggregatorManager, apiServiceType, apiVersion, automanagedLabel } from './types.js';

interface Wanted {
  name: string;
  label: 'onstart' | 'true';
  spec: Record<string, unknown>;
}

const everything = { continue: '', resourceVersion: '', resourceVersionMatch: '', limit: 0 } as const;

function specOf(group: string, version: string, groupPriorityMinimum: number, versionPriority: number): Record<string, unknown> {
  return { ...(group ? { group } : {}), version, groupPriorityMinimum, versionPriority };
}

/** The Local APIServices kube keeps for the built-in and custom resource group-versions of `catalog`. */
export function wantedApiServices(catalog: Catalog): Wanted[] {
  const wanted: Wanted[] = bootstrap.apiServices.map(({ group, version, groupPriorityMinimum, versionPriority }) => ({
    name: `${version}.${group}`, label: 'onstart', spec: specOf(group, version, groupPriorityMinimum, versionPriority),
  }));
  const builtinGroups = new Set(builtinCatalog.groups().map((group) => group.name));
  for (const group of catalog.groups()) {
    if (builtinGroups.has(group.name)) continue;
    for (const version of group.versions) wanted.push({ name: `${version}.${group.name}`, label: 'true', spec: specOf(group.name, version, 1000, 100) });
  }
  return wanted;
}

/** Creates, restores and deletes the automanaged APIServices so that they are `wanted`. */
export async function syncLocalApiServices(cluster: ClusterContext, catalog: Catalog, now: Date): Promise<void> {
  const type = apiServiceType();
  const store = storeFor(cluster, type);
  const current = new Map((await store.listObjects('', everything)).items.map((item) => [item.metadata.name!, item]));
  const wanted = wantedApiServices(catalog);
  const wantedNames = new Set(wanted.map((item) => item.name));
  const writes: Promise<unknown>[] = wanted.map((item) => {
    const existing = current.get(item.name);
    if (!existing) return create(cluster, item, now);
    if (existing.metadata.labels?.[automanagedLabel] === undefined || sameSpec(existing.spec, item.spec)) return Promise.resolve();
    return restoreSpec(cluster, existing, item, now);
  });
  for (const [name, existing] of current) {
    if (!wantedNames.has(name) && existing.metadata.labels?.[automanagedLabel] === 'true') {
      writes.push(store.delete('', name, { ...defaultDeleteOptions(), preconditions: { uid: existing.metadata.uid } }, { dryRun: false, now }));
    }
  }
  await Promise.all(writes.map(ignoreWriteRaces));
}

const sameSpec = (left: unknown, right: unknown): boolean => JSON.stringify(ordered(left)) === JSON.stringify(ordered(right));

function ordered(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== false).sort(([a], [b]) => (a < b ? -1 : 1)));
}

async function create(cluster: ClusterContext, item: Wanted, now: Date): Promise<void> {
  const type = apiServiceType();
  const object: KubeObject = { apiVersion, kind: 'APIService', metadata: { name: item.name, labels: { [automanagedLabel]: item.label } }, spec: { ...item.spec } };
  trackUpdate(fieldManagement(type, aggregatorManager, '', now), null, object);
  await storeFor(cluster, type).create('', object, { dryRun: false, now });
}

async function restoreSpec(cluster: ClusterContext, existing: KubeObject, item: Wanted, now: Date): Promise<void> {
  const type = apiServiceType();
  const revised = { ...structuredClone(existing), spec: { ...item.spec } };
  trackUpdate(fieldManagement(type, aggregatorManager, '', now), existing, revised);
  await storeFor(cluster, type).update('', item.name, () => revised, { dryRun: false, now });
}
