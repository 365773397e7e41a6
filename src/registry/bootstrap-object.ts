/**
 * Creating what kube-apiserver makes sure of at start (system namespaces, bootstrap RBAC, system
 * PriorityClasses) as it does: through the API with its own client, so each object is defaulted
 * and gets an Update entry in managedFields by `kube-apiserver`. An object that exists is left as
 * it is.
 */
import type { ResourceType } from '../api/catalog.js';
import { StatusError } from '../apimachinery/status.js';
import type { ClusterContext } from '../cluster/context.js';
import { fieldManagement, trackUpdate } from './field-manager.js';
import { applySchemaDefaults } from '../schema/index.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from './registry.js';

/** The field manager kube-apiserver's own writes are recorded under. */
export const apiServerManager = 'kube-apiserver';

/** Creates `object` of `type` unless an object of that name exists. */
export async function createAsApiServer(cluster: ClusterContext, type: ResourceType, namespace: string, object: KubeObject): Promise<void> {
  const store = storeFor(cluster, type);
  const now = new Date();
  const created = structuredClone(object);
  applySchemaDefaults(type.group, type.version, type.kind, created);
  store.strategy.applyDefaults(created);
  trackUpdate(fieldManagement(type, apiServerManager, '', now), null, created);
  try {
    await store.create(namespace, created, { dryRun: false, now });
  } catch (error) {
    if (!(error instanceof StatusError && error.status.reason === 'AlreadyExists')) throw error;
  }
}
