/**
 * The RBAC objects kube-apiserver's rbac/bootstrap-roles post-start hook makes sure of
 * (data/bootstrap-rbac.json): cluster-admin, admin, edit, view, system:discovery,
 * system:basic-user, system:public-info-viewer, ... and their bindings. Like that hook, each
 * isolate creates the missing ones once, then aggregates admin, edit and view; existing objects are
 * left as they are (kube would also add missing rules to objects annotated autoupdate=true).
 */
import { findResource } from '../api/catalog.js';
import bootstrap from '../../data/bootstrap-rbac.json';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { createAsApiServer } from '../registry/bootstrap-object.js';
import { forgetRbacPolicy, rbacPolicy, syncAggregation } from './rbac-policy.js';

interface Missing {
  resource: string;
  namespace: string;
  object: KubeObject;
}

/** Creates the bootstrap RBAC objects that do not exist. */
export async function ensureBootstrapPolicy(cluster: ClusterContext): Promise<void> {
  const missing = await missingObjects(cluster);
  if (missing.length) {
    await Promise.all(missing.map((item) => createIgnoringExisting(cluster, item)));
    forgetRbacPolicy(cluster);
  }
  await syncAggregation(cluster);
}

async function missingObjects(cluster: ClusterContext): Promise<Missing[]> {
  const policy = await rbacPolicy(cluster);
  const has = (names: { metadata: { name: string } }[], name: string) => names.some((object) => object.metadata.name === name);
  const missing: Missing[] = [];
  for (const role of bootstrap.clusterRoles) if (!has(policy.clusterRoles(), role.metadata.name)) missing.push(item('clusterroles', role));
  for (const binding of bootstrap.clusterRoleBindings) if (!has(policy.clusterRoleBindings(), binding.metadata.name)) missing.push(item('clusterrolebindings', binding));
  for (const [namespace, roles] of Object.entries(bootstrap.roles)) {
    for (const role of roles) if (!has(policy.roles(namespace), role.metadata.name)) missing.push(item('roles', role, namespace));
  }
  for (const [namespace, bindings] of Object.entries(bootstrap.roleBindings)) {
    for (const binding of bindings) if (!has(policy.roleBindings(namespace), binding.metadata.name)) missing.push(item('rolebindings', binding, namespace));
  }
  return missing;
}

function item(resource: string, object: unknown, namespace = ''): Missing {
  return { resource, namespace, object: structuredClone(object) as KubeObject };
}

function createIgnoringExisting(cluster: ClusterContext, { resource, namespace, object }: Missing): Promise<void> {
  return createAsApiServer(cluster, findResource('rbac.authorization.k8s.io', 'v1', resource)!, namespace, object);
}
