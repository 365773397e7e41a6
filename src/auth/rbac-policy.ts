/**
 * The RBAC policy requests are authorized against: every Role, ClusterRole, RoleBinding and
 * ClusterRoleBinding, read through a CollectionCache (kube's RBAC authorizer reads informers, so
 * it is eventually consistent there too). Aggregated ClusterRoles are judged by their
 * aggregated rules at once, before the aggregation controller writes them back.
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { CollectionCache, collectionCacheSlot } from '../registry/collection-cache.js';
import { syncAggregatedClusterRoles } from './aggregation-sync.js';
import type { KubeObject } from '../apimachinery/object.js';
import { aggregateRules, type ClusterRole, type ClusterRoleBinding, type RbacPolicy, type Role, type RoleBinding } from '../rbac/index.js';

const rbacResources = ['clusterroles', 'clusterrolebindings', 'roles', 'rolebindings'];

/** The RBAC types, in the order the cache lists them. */
export function rbacTypes(): ResourceType[] {
  return rbacResources.map((resource) => findResource('rbac.authorization.k8s.io', 'v1', resource)!);
}

/** An RbacPolicy over fixed lists, namespaced objects indexed by namespace. */
export class PolicySnapshot implements RbacPolicy {
  private readonly rolesByNamespace = new Map<string, Role[]>();
  private readonly bindingsByNamespace = new Map<string, RoleBinding[]>();
  private readonly aggregated: ClusterRole[];

  constructor(readonly storedClusterRoles: ClusterRole[], private readonly clusterBindings: ClusterRoleBinding[], roles: Role[], bindings: RoleBinding[]) {
    const clusterRoles = storedClusterRoles;
    this.aggregated = clusterRoles.map((role) => (role.aggregationRule ? { ...role, rules: aggregateRules(role, clusterRoles) } : role));
    for (const role of roles) push(this.rolesByNamespace, role.metadata.namespace ?? '', role);
    for (const binding of bindings) push(this.bindingsByNamespace, binding.metadata.namespace ?? '', binding);
  }

  roles(namespace: string): Role[] {
    return this.rolesByNamespace.get(namespace) ?? [];
  }

  clusterRoles(): ClusterRole[] {
    return this.aggregated;
  }

  roleBindings(namespace: string): RoleBinding[] {
    return this.bindingsByNamespace.get(namespace) ?? [];
  }

  clusterRoleBindings(): ClusterRoleBinding[] {
    return this.clusterBindings;
  }
}

function push<T>(index: Map<string, T[]>, key: string, value: T): void {
  const list = index.get(key);
  if (list) list.push(value);
  else index.set(key, [value]);
}

/** Per cluster; a ClusterRole written through this isolate also re-aggregates ClusterRoles. */
const policyCache = collectionCacheSlot(() => new CollectionCache<PolicySnapshot>(rbacTypes, ([clusterRoles, clusterBindings, roles, bindings]) =>
  new PolicySnapshot(as<ClusterRole>(clusterRoles), as<ClusterRoleBinding>(clusterBindings), as<Role>(roles), as<RoleBinding>(bindings)), {
  afterWrite: async (cluster, type) => {
    if (type.resource === 'clusterroles') await syncAggregation(cluster);
  },
}));

function as<T>(items: KubeObject[] | undefined): T[] {
  return (items ?? []) as unknown as T[];
}

/** The current RBAC policy of `cluster`. */
export function rbacPolicy(cluster: ClusterContext): Promise<PolicySnapshot> {
  return policyCache.of(cluster).current(cluster);
}

/** Stores the aggregated rules of the aggregated ClusterRoles (aggregation-sync.ts) where they changed. */
export async function syncAggregation(cluster: ClusterContext): Promise<void> {
  if (await syncAggregatedClusterRoles(cluster, (await rbacPolicy(cluster)).storedClusterRoles)) forgetRbacPolicy(cluster);
}

/** The policy changed behind the cache's back (bootstrap, aggregation): the next use reads it. */
export function forgetRbacPolicy(cluster: ClusterContext): void {
  policyCache.of(cluster).forget();
}
