/**
 * Binding a pod to a node (pkg/registry/core/pod/storage BindingREST.setPodHostAndAnnotations):
 * one storage update, without the pod strategy (spec.nodeName is immutable through every other
 * path), guarded by the Binding's uid and resourceVersion as storage preconditions. A pod being
 * deleted, already bound or still gated cannot be bound (409 on `pods/binding`). The pod keeps
 * its managedFields: kube's binding bypasses the field manager.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { goQuote } from '../apimachinery/go-format.js';
import { conflict } from '../apimachinery/status.js';
import type { KubeObject } from '../apimachinery/object.js';
import { kubeTimestamp } from '../apimachinery/object.js';
import type { Store } from './store.js';

/** The parts of a decoded Binding the registry needs. */
export interface PodBinding {
  name: string;
  uid?: string;
  resourceVersion?: string;
  annotations?: Record<string, string>;
  target: { kind?: string; name?: string };
}

/** ValidatePodBinding: the target is a Node (or says no kind) and is named. */
export function validatePodBinding(binding: PodBinding): FieldError[] {
  const errors: FieldError[] = [];
  const kind = binding.target.kind ?? '';
  if (kind !== '' && kind !== 'Node') errors.push(fieldError.notSupported('target.kind', kind, ['Node', '<empty>']));
  if (!binding.target.name) errors.push(fieldError.required('target.name'));
  return errors;
}

/** Assigns the pod named by `binding` to its target node; answers the bound pod. */
export function bindPod(store: Store, namespace: string, binding: PodBinding, context: { dryRun: boolean; now: Date }): Promise<KubeObject> {
  return store.updateStored(namespace, binding.name, (pod) => {
    checkStoragePreconditions(pod, namespace, binding);
    return boundPod(pod, binding, context.now);
  }, context);
}

/** The pod after the binding, or the 409 `pods/binding` refusal. */
export function boundPod(pod: KubeObject, binding: PodBinding, now: Date): KubeObject {
  const name = pod.metadata.name ?? '';
  const refuse = (why: string) => conflict({ group: '', resource: 'pods/binding' }, name, why);
  if (pod.metadata.deletionTimestamp) throw refuse(`pod ${name} is being deleted, cannot be assigned to a host`);
  const spec = pod.spec as Record<string, unknown>;
  if (spec.nodeName) throw refuse(`pod ${name} is already assigned to node ${goQuote(String(spec.nodeName))}`);
  if (Array.isArray(spec.schedulingGates) && spec.schedulingGates.length) throw refuse(`pod ${name} has non-empty .spec.schedulingGates`);
  const bound = structuredClone(pod);
  (bound.spec as Record<string, unknown>).nodeName = binding.target.name;
  if (binding.annotations) bound.metadata.annotations = { ...bound.metadata.annotations, ...binding.annotations };
  const status = (bound.status ??= {}) as Record<string, unknown>;
  status.conditions = withPodCondition(status.conditions, { type: 'PodScheduled', status: 'True' }, now);
  return bound;
}

/** A pod condition as kube writes it: type, status, lastProbeTime, lastTransitionTime, reason, message. */
export interface PodCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

/**
 * podutil.UpdatePodCondition: a new condition is appended; an existing one is replaced, keeping
 * its lastTransitionTime when the status does not change.
 */
export function withPodCondition(conditions: unknown, wanted: PodCondition, now: Date): Record<string, unknown>[] {
  const list = Array.isArray(conditions) ? (conditions as Record<string, unknown>[]).map((item) => ({ ...item })) : [];
  const index = list.findIndex((item) => item.type === wanted.type);
  const old = list[index];
  const lastTransitionTime = old && old.status === wanted.status ? old.lastTransitionTime : kubeTimestamp(now);
  const condition: Record<string, unknown> = { type: wanted.type, status: wanted.status, lastProbeTime: null, lastTransitionTime };
  if (wanted.reason) condition.reason = wanted.reason;
  if (wanted.message) condition.message = wanted.message;
  if (old) list[index] = condition;
  else list.push(condition);
  return list;
}

/**
 * The Binding's uid and resourceVersion checked as etcd3's storage preconditions, with their
 * StorageError text inside the 409 (kube's InterpretUpdateError keeps it).
 */
function checkStoragePreconditions(pod: KubeObject, namespace: string, binding: PodBinding): void {
  const name = pod.metadata.name ?? '';
  const failed = (detail: string) => conflict({ group: '', resource: 'pods' }, name,
    `StorageError: invalid object, Code: 4, Key: /registry/pods/${namespace}/${name}, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: ${detail}`);
  if (binding.uid && binding.uid !== pod.metadata.uid) throw failed(`UID in precondition: ${binding.uid}, UID in object meta: ${pod.metadata.uid}`);
  if (binding.resourceVersion && binding.resourceVersion !== pod.metadata.resourceVersion) {
    throw failed(`ResourceVersion in precondition: ${binding.resourceVersion}, ResourceVersion in object meta: ${pod.metadata.resourceVersion}`);
  }
}
