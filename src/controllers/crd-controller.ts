/**
 * What kube-apiserver's CRD controllers do, as one controller task per CRD write:
 *   - naming and establishing (pkg/controller/status/naming_controller.go,
 *     establish/establishing_controller.go): names that no other CRD of the group holds are
 *     accepted into status.acceptedNames, with NamesAccepted and Established conditions, written
 *     through /status by `kube-apiserver` (golden 080);
 *   - cleanup of a deleted CRD (finalizer/crd_finalizer.go): every custom resource of it is
 *     deleted, the Terminating condition follows progress, and the cleanup finalizer goes once
 *     none are left, which deletes the CRD.
 */
import { findResource, type ResourceType } from '../api/catalog.js';
import { copyConditions, setCondition, type Condition, type WantedCondition } from '../apimachinery/conditions.js';
import type { ApiClient } from './api-client.js';
import type { ObjectRef } from '../durable/partition/graph.js';
import type { KubeObject } from '../apimachinery/object.js';
import { cleanupFinalizer } from '../crds/crd-deletion.js';
import { definitionTypes } from '../crds/crd-resource-types.js';
import { acceptNames } from './crd-naming.js';
import { freshMillis } from '../crds/serving-catalog.js';

const apiserver = 'kube-apiserver';
const pageSize = 500;
/** Allowance for clocks of different machines when waiting out the serving-catalog cache. */
const clockSkewMillis = 1_000;

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

/** Deletes the definition's objects; removes the cleanup finalizer once none are left. */
async function cleanUp(api: ApiClient, crd: KubeObject, now: () => Date): Promise<number | null> {
  if (!crd.metadata.finalizers?.includes(cleanupFinalizer)) return null;
  await setTerminating(api, crd, now(), 'InstanceDeletionInProgress', 'CustomResource deletion is in progress');
  const started = now().getTime();
  const [type] = await definitionTypes(crd);
  const remaining = type ? await deleteAll(api, type) : 0;
  if (remaining > 0) {
    await setTerminating(api, crd, now(), 'InstanceDeletionCheck', `could not confirm zero CustomResources remaining: ${remaining} remaining`);
    return now().getTime() + 1_000;
  }
  const quietAfter = Date.parse(crd.metadata.deletionTimestamp!) + freshMillis + clockSkewMillis;
  if (started < quietAfter) return quietAfter;
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
    for await (const listed of page.items) {
      const item = listed.object();
      if (item.metadata.deletionTimestamp) remaining += 1;
      else if (await api.delete(type, item.metadata.namespace ?? '', item.metadata.name ?? '', item.metadata.uid ?? '', { propagationPolicy: 'Background' })) remaining += 1;
    }
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
