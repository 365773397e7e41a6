/**
 * NamespaceLifecycle admission (k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle): a
 * namespaced object can only be created in a namespace that exists and is not terminating, and
 * the namespaces kube itself relies on cannot be deleted. Like kube's informer-backed plugin, it
 * may answer from a short-lived cache of namespaces seen Active; a miss always reads storage, and
 * a namespace deleted through this isolate is dropped from the cache at once. The namespace
 * deleter waits out the cache's lifetime before its final check (src/controllers/namespaces.ts).
 */
import { findResource } from '../api/catalog.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { AdmissionRequest } from './plugins.js';
import { forbidden, notFound, StatusError } from '../apimachinery/status.js';
import { isStorageError } from '../storage/errors.js';
import { storeFor } from '../registry/registry.js';
import type { KubeObject } from '../apimachinery/object.js';

/** How long a namespace seen Active is trusted without reading it again. */
export const namespaceCacheMillis = 2_000;
/** Per cluster: namespace name -> until when it is trusted Active. */
const seenActive = new ClusterState(() => new Map<string, number>());

/** Namespaces kube refuses to delete (immortalNamespaces). */
const immortalNamespaces = new Set(['default', 'kube-system', 'kube-public']);

/** Creates that a terminating namespace still accepts (accessReviewResources). */
const exemptFromTermination = new Set(['authorization.k8s.io/localsubjectaccessreviews']);

/**
 * Refuses the create in `scope` when its namespace does not exist (404 `namespaces "x" not
 * found`) or is being terminated (403 with a NamespaceTerminating cause).
 */
export async function admitCreate(scope: AdmissionRequest, name: string): Promise<void> {
  if (!scope.type.namespaced || !scope.namespace) return;
  const namespace = await activeOrTerminating(scope.cluster, scope.namespace, scope.now);
  if (namespace === 'missing') throw notFound({ group: '', resource: 'namespaces' }, scope.namespace);
  if (namespace === 'terminating' && !exemptFromTermination.has(`${scope.type.group}/${scope.type.resource}`)) {
    throw terminating(scope, name);
  }
}

/** Refuses the deletion of an immortal namespace (403 `this namespace may not be deleted`). */
export function admitDelete(scope: AdmissionRequest): void {
  const { type, info } = scope;
  if (type.group === '' && type.resource === 'namespaces' && immortalNamespaces.has(info.name)) {
    throw forbidden({ group: '', resource: 'namespaces' }, info.name, 'this namespace may not be deleted');
  }
}

/** Forgets that `name` was seen Active (it is being deleted). */
export function forgetNamespace(cluster: ClusterContext, name: string): void {
  seenActive.of(cluster).delete(name);
}

function terminating(scope: AdmissionRequest, name: string): StatusError {
  const error = forbidden({ group: scope.type.group, resource: scope.type.resource }, name || 'Unknown',
    `unable to create new content in namespace ${scope.namespace} because it is being terminated`);
  const details = error.status.details ?? {};
  details.causes = [{ reason: 'NamespaceTerminating', message: `namespace ${scope.namespace} is being terminated`, field: 'metadata.namespace' }];
  error.status.details = details;
  return error;
}

async function activeOrTerminating(cluster: ClusterContext, name: string, now: Date): Promise<'active' | 'terminating' | 'missing'> {
  const seen = seenActive.of(cluster);
  const until = seen.get(name);
  if (until !== undefined && until > now.getTime()) return 'active';
  try {
    const namespace = await storeFor(cluster, namespacesType()).get('', name, { match: 'latest' });
    if (isTerminating(namespace)) {
      seen.delete(name);
      return 'terminating';
    }
    seen.set(name, now.getTime() + namespaceCacheMillis);
    return 'active';
  } catch (error) {
    if ((error as { code?: number }).code === 404 || isStorageError(error, 'KeyNotFound')) {
      seen.delete(name);
      return 'missing';
    }
    throw error;
  }
}

function isTerminating(namespace: KubeObject): boolean {
  return !!namespace.metadata.deletionTimestamp || (namespace.status as { phase?: string } | undefined)?.phase === 'Terminating';
}

function namespacesType() {
  const type = findResource('', 'v1', 'namespaces');
  if (!type) throw new Error('the catalog has no namespaces');
  return type;
}
