/**
 * What kube-apiserver's CRD controllers do, as one controller task per CRD write:
 *   - naming and establishing (pkg/controller/status/naming_controller.go,
 *     establish/establishing_controller.go): names that no other CRD of the group holds are
 *     accepted into status.acceptedNames, with NamesAccepted and Established conditions, written
 *     through /status by `kube-apiserver` (golden 080);
 *   - cleanup of a deleted CRD (finalizer/crd_finalizer.go): every custom resource of it is
 *     deleted, the Terminating condition follows progress, and the cleanup finalizer goes once
 *     none are left, which deletes the CRD.
 *
 * kube-apiserver refuses creates of a terminating CRD's objects in its handler, which reads its CRD
 * informer; isolates here read catalogs cached for up to `freshMillis` (crds/serving-catalog.ts),
 * so one may still admit a create after the cleanup listed the objects. The cleanup therefore
 * first closes the definition in storage (Storage.closeDefinition): every create admitted under
 * the CRD's uid fails from then on, in every shard of the type, so its list sees every object the
 * definition will ever have and the finalizer goes as soon as they are gone, without waiting the
 * caches out.
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import { copyConditions, setCondition, type Condition, type WantedCondition } from '../apimachinery/conditions.js';
import type { ApiClient } from './api-client.js';
import type { ObjectRef } from '../durable/partition/graph.js';
import type { KubeObject } from '../apimachinery/object.js';
import { cleanupFinalizer } from '../crds/crd-deletion.js';
import { definitionTypes } from '../crds/crd-resource-types.js';
import { acceptNames } from './crd-naming.js';
import { inPoolFrom } from '../apimachinery/concurrency.js';

const apiserver = 'kube-apiserver';
const pageSize = 500;
const deletesInFlight = 16;

function crdType(): ResourceType {
  return findResource('apiextensions.k8s.io', 'v1', 'customresourcedefinitions')!;
}

/** One pass over CRD `ref`; null when done, else when to look again. */
export async function reconcileCrd(api: ApiClient, ref: ObjectRef, now: () => Date): Promise<number | null> {
  const type = crdType();
  const crd = await api.get(type, '', ref.name);
  if (!crd || crd.metadata.uid !== ref.uid) return null;
  if (crd.metadata.deletionTimestamp) return cleanUp(api, crd, now);
  const others = (await api.listObjects(type, '')).items.filter((other) => other.metadata.uid !== crd.metadata.uid);
  const { acceptedNames, conditions } = acceptNames(crd, others);
  await writeStatus(api, crd, now(), (status, at) => {
    let changed = JSON.stringify(status.acceptedNames) !== JSON.stringify(acceptedNames);
    status.acceptedNames = acceptedNames;
    for (const condition of conditions) changed = setCondition(status.conditions, condition, at) || changed;
    return changed;
  });
  return null;
}

/**
 * Closes the definition in storage, deletes its objects; removes the cleanup finalizer once none
 * are left (storage creates none after the close, whatever an isolate's catalog says).
 */
async function cleanUp(api: ApiClient, crd: KubeObject, now: () => Date): Promise<number | null> {
  if (!crd.metadata.finalizers?.includes(cleanupFinalizer)) return null;
  await setTerminating(api, crd, now(), 'InstanceDeletionInProgress', 'CustomResource deletion is in progress');
  const [type] = await definitionTypes(crd);
  if (type) await api.closeDefinition(type);
  const remaining = type ? await deleteAll(api, type) : 0;
  if (remaining > 0) {
    await setTerminating(api, crd, now(), 'InstanceDeletionCheck', `could not confirm zero CustomResources remaining: ${remaining} remaining`);
    return now().getTime() + 1_000;
  }
  await setTerminating(api, crd, now(), 'InstanceDeletionCompleted', 'removed all instances');
  await api.update(crdType(), '', crd.metadata.name ?? '', crd.metadata.uid ?? '', (object) => {
    const finalizers = (object.metadata.finalizers ?? []).filter((name) => name !== cleanupFinalizer);
    if (finalizers.length) object.metadata.finalizers = finalizers;
    else delete object.metadata.finalizers;
    return true;
  }, '', apiserver);
  return null;
}

/** Deletes every object of the type, in every namespace; how many are still there (held). */
async function deleteAll(api: ApiClient, type: ResourceType): Promise<number> {
  let remaining = 0;
  let continueToken = '';
  do {
    const page = await api.list(type, '', continueToken, pageSize);
    await inPoolFrom(page.items, deletesInFlight, async (listed) => {
      const item = listed.object();
      if (item.metadata.deletionTimestamp) remaining += 1;
      else if (await api.delete(type, item.metadata.namespace ?? '', item.metadata.name ?? '', item.metadata.uid ?? '', { propagationPolicy: 'Background' })) remaining += 1;
    });
    continueToken = page.continue ?? '';
  } while (continueToken);
  return remaining;
}

async function setTerminating(api: ApiClient, crd: KubeObject, at: Date, reason: string, message: string): Promise<void> {
  const condition: WantedCondition = { type: 'Terminating', status: 'True', reason, message };
  await writeStatus(api, crd, at, (status, time) => setCondition(status.conditions, condition, time));
}

type CrdStatus = { conditions: Condition[]; acceptedNames?: unknown; [field: string]: unknown };

/** Updates the CRD's status through /status as kube-apiserver, when `change` changes it. */
async function writeStatus(api: ApiClient, crd: KubeObject, at: Date, change: (status: CrdStatus, at: Date) => boolean): Promise<void> {
  await api.update(crdType(), '', crd.metadata.name ?? '', crd.metadata.uid ?? '', (object) => {
    const current = (object.status ?? {}) as Record<string, unknown>;
    const status: CrdStatus = { ...current, conditions: copyConditions(current.conditions) };
    if (!change(status, at)) return false;
    object.status = orderedStatus(status);
    return true;
  }, 'status', apiserver);
}

/** CustomResourceDefinitionStatus's Go field order: conditions, acceptedNames, storedVersions. */
function orderedStatus(status: CrdStatus): Record<string, unknown> {
  const { conditions, acceptedNames, storedVersions, ...rest } = status;
  return { conditions, ...(acceptedNames !== undefined ? { acceptedNames } : {}), ...(storedVersions !== undefined ? { storedVersions } : {}), ...rest };
}
