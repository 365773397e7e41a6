/**
 * DELETE of a CustomResourceDefinition (apiextensions-apiserver pkg/registry/
 * customresourcedefinition etcd.go REST.Delete): the first delete sets deletionTimestamp, adds
 * the `customresourcecleanup.apiextensions.k8s.io` finalizer and a Terminating condition, and
 * answers the CRD; the CRD cleanup task (crd-controller.ts) then deletes every custom resource
 * of the definition and removes the finalizer, which deletes it.
 */
import { copyConditions, setCondition } from '../apimachinery/conditions.js';
import type { DeleteOptions } from '../registry/deletion.js';
import type { WriteContext } from '../registry/prepare-write.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import type { Store } from '../registry/store.js';
import type { DeleteResult } from '../registry/store-delete.js';
import { deleteByTermination, type Termination } from '../registry/termination.js';

export const cleanupFinalizer = 'customresourcecleanup.apiextensions.k8s.io';

export const crdTermination: Termination = {
  resource: { group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' },
  start(crd: KubeObject, _options: DeleteOptions, now: Date): KubeObject {
    crd.metadata.deletionTimestamp ??= kubeTimestamp(now);
    if (!crd.metadata.finalizers?.includes(cleanupFinalizer)) crd.metadata.finalizers = [...(crd.metadata.finalizers ?? []), cleanupFinalizer];
    const status = (crd.status ?? {}) as Record<string, unknown>;
    const conditions = copyConditions(status.conditions);
    setCondition(conditions, {
      type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending',
      message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    }, now);
    crd.status = { ...status, conditions };
    return crd;
  },
  finished: () => true,
};

export function deleteCustomResourceDefinition(store: Store, name: string, options: DeleteOptions, context: WriteContext): Promise<DeleteResult> {
  return deleteByTermination(store, name, options, context, crdTermination);
}
