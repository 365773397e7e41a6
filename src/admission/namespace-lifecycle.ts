/**
 * NamespaceLifecycle admission (plugin/pkg/admission/namespace/lifecycle): a namespaced object
 * can only be created in a namespace that exists. Like kube's informer-backed plugin, it may
 * answer from a short-lived cache of namespaces seen to exist; a miss always reads storage.
 */
import { findResource } from '../api/catalog.js';
import type { Env } from '../env.js';
import type { RequestScope } from '../handlers/scope.js';
import { notFound } from '../core/status.js';
import { isStorageError } from '../storage/errors.js';
import { storeFor } from '../registry/registry.js';

const cacheMillis = 2_000;
const seen = new Map<string, number>();

/** Refuses the create in `scope` when its namespace does not exist (404 `namespaces "x" not found`). */
export async function admitCreate(scope: RequestScope): Promise<void> {
  if (!scope.type.namespaced || !scope.namespace) return;
  if (!(await namespaceExists(scope.env, scope.namespace, scope.now))) {
    throw notFound({ group: '', resource: 'namespaces' }, scope.namespace);
  }
}

async function namespaceExists(env: Env, name: string, now: Date): Promise<boolean> {
  const until = seen.get(name);
  if (until !== undefined && until > now.getTime()) return true;
  try {
    await storeFor(env, namespacesType(), '').get('', name, { match: 'latest' });
    seen.set(name, now.getTime() + cacheMillis);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === 404 || isStorageError(error, 'KeyNotFound')) {
      seen.delete(name);
      return false;
    }
    throw error;
  }
}

function namespacesType() {
  const type = findResource('', 'v1', 'namespaces');
  if (!type) throw new Error('the catalog has no namespaces');
  return type;
}
