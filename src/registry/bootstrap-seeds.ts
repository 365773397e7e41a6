/**
 * The seeds of a tenant's storage shards (what a StorageShard is born with): what kube-apiserver makes at
 * start, the system namespaces (registry/bootstrap.ts) and the bootstrap RBAC policy
 * (data/bootstrap-rbac.json, aggregated ClusterRoles with their aggregated rules), each prepared
 * as the Store would create it: system fields, the strategy's preparation and validation, the
 * stored form and its selectable fields. A tenant's shards are born with them, so provisioning a
 * tenant writes none of them, and a tenant nobody used stores nothing. The default control
 * plane bootstraps through its Stores instead (its storage predates seeds).
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import { aggregateRules, type ClusterRole } from '../rbac/index.js';
import { tenancyOf } from '../cluster/tenancy.js';
import type { ShardAddress } from '../durable/addresses.js';
import type { ObjectWrite } from '../storage/types.js';
import bootstrap from '../../data/bootstrap-rbac.json';
import { systemNamespaces } from './bootstrap.js';
import { objectKey } from './keys.js';
import type { KubeObject } from '../apimachinery/object.js';
import { beforeCreate, fillSystemFields } from './prepare-write.js';
import { strategyFor } from './registry.js';
import { codecFor } from './stored-codec.js';
import { toWrite } from './stored-object.js';

interface Template {
  namespace: string;
  object: KubeObject;
}

const rbac = 'rbac.authorization.k8s.io';
let templates: Map<string, { type: ResourceType; objects: Template[] }> | undefined;

/**
 * The writes a shard of a tenant is born with; none for the default plane's, for other types, and
 * for a shard of a type spread over several (its objects would belong to different shards: those
 * types bootstrap through their Stores, registry/bootstrap.ts).
 */
export function bootstrapSeed(shard: ShardAddress, now: Date): ObjectWrite[] {
  if (!tenancyOf(shard.cluster).bornSeeded || shard.shard) return [];
  const seed = seedTemplates().get(`${shard.group}/${shard.resource}`);
  if (!seed) return [];
  const strategy = strategyFor(seed.type);
  const groupKind = { group: seed.type.group, kind: seed.type.kind };
  return seed.objects.map(({ namespace, object: template }) => {
    const object = structuredClone(template);
    fillSystemFields(object, { dryRun: false, now });
    beforeCreate({ strategy, groupKind }, object, namespace);
    const stored = codecFor(seed.type).toStorage(object);
    return toWrite(objectKey(namespace, object.metadata.name ?? ''), stored, strategy.selectableFields(stored));
  });
}

/** The objects of each seeded type, built once per isolate (plain data, the same for every tenant). */
function seedTemplates(): Map<string, { type: ResourceType; objects: Template[] }> {
  templates ??= new Map([
    ['/namespaces', seedType('', 'namespaces', systemNamespaces.map((name) => template('', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })))],
    [`${rbac}/clusterroles`, seedType(rbac, 'clusterroles', aggregated(bootstrap.clusterRoles as unknown as ClusterRole[]).map((role) => template('', role)))],
    [`${rbac}/clusterrolebindings`, seedType(rbac, 'clusterrolebindings', bootstrap.clusterRoleBindings.map((binding) => template('', binding)))],
    [`${rbac}/roles`, seedType(rbac, 'roles', namespaced(bootstrap.roles))],
    [`${rbac}/rolebindings`, seedType(rbac, 'rolebindings', namespaced(bootstrap.roleBindings))],
  ]);
  return templates;
}

function seedType(group: string, resource: string, objects: Template[]) {
  return { type: findResource(group, 'v1', resource)!, objects };
}

function template(namespace: string, object: unknown): Template {
  return { namespace, object: object as KubeObject };
}

function namespaced(byNamespace: Record<string, unknown[]>): Template[] {
  return Object.entries(byNamespace).flatMap(([namespace, objects]) => objects.map((object) => template(namespace, object)));
}

/** Aggregated ClusterRoles carry the rules their selectors pick, as the aggregation controller writes them. */
function aggregated(roles: ClusterRole[]): ClusterRole[] {
  return roles.map((role) => (role.aggregationRule ? { ...role, rules: aggregateRules(role, roles) } : role));
}
