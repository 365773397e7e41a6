/**
 * kube-apiserver's RuntimeClass admission plugin (plugin/pkg/admission/runtimeclass, v1.32), on
 * the create of a pod (not a subresource). Mutating: a pod naming a RuntimeClass that does not
 * exist is refused (403 `pod rejected: RuntimeClass "NAME" not found`, before the name is
 * generated); the class's `overhead.podFixed` becomes the pod's `spec.overhead` (403 when the pod
 * sets another); its `scheduling.nodeSelector` is merged into the pod's (403 `conflict: ...` on a
 * key with another value) and its tolerations into the pod's as tolerations.MergeTolerations
 * merges them (a toleration another one covers is dropped). Validating: a pod's overhead must be
 * its class's (403 `pod rejected: Pod Overhead set without corresponding RuntimeClass defined
 * Overhead` without one).
 *
 * Order: kube runs DefaultTolerationSeconds before RuntimeClass, so the class's tolerations come
 * after the defaults; this server adds the defaults in the pod strategy (after the mutating
 * plugins), so this plugin adds them first itself (they are not added twice).
 */
import { findResource } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import { compareQuantities, parseQuantity } from '../apimachinery/quantity.js';
import { forbidden } from '../apimachinery/status.js';
import { addDefaultTolerations } from '../kinds/core/pod.js';
import { podSpecOrder } from '../kinds/core/pod-schema.js';
import { asRecord, asRecords, asText, asTextMap, orderKeys, type JsonRecord } from '../kinds/json-values.js';
import { storeFor } from '../registry/registry.js';
import type { AdmissionRequest, AdmissionStep, MutatingPlugin, ValidatingPlugin } from './plugins.js';

const runtimeClassesType = () => findResource('node.k8s.io', 'v1', 'runtimeclasses')!;

export const runtimeClassAdmission: MutatingPlugin & ValidatingPlugin = {
  async admit(request, step) {
    if (!concernsPodCreate(request, step)) return;
    const pod = step.object!;
    const spec = (pod.spec ??= {}) as JsonRecord;
    const runtimeClass = await lookUp(request, pod, spec);
    if (!runtimeClass) return;
    const overhead = asRecord(runtimeClass.overhead)?.podFixed;
    if (overhead) {
      if (hasEntries(spec.overhead) && !sameResources(overhead, spec.overhead)) throw refusal(pod, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
      spec.overhead = structuredClone(overhead);
    }
    const scheduling = asRecord(runtimeClass.scheduling);
    if (scheduling) schedule(pod, spec, scheduling);
    orderKeys(spec, podSpecOrder);
  },

  async validate(request, step) {
    if (!concernsPodCreate(request, step)) return;
    const pod = step.object!;
    const spec = (pod.spec ?? {}) as JsonRecord;
    const runtimeClass = await lookUp(request, pod, spec);
    if (!hasEntries(spec.overhead)) return;
    const overhead = asRecord(runtimeClass?.overhead)?.podFixed;
    if (!overhead) throw refusal(pod, 'pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead');
    if (!sameResources(overhead, spec.overhead)) throw refusal(pod, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
  },
};

/** kube's shouldIgnore plus the plugin's handler: the create of a pod itself. */
function concernsPodCreate(request: AdmissionRequest, step: AdmissionStep): boolean {
  const { type, info } = request;
  return type.group === '' && type.resource === 'pods' && !step.kind && !!step.object && info.subresource === '' && step.operation === 'CREATE';
}

/** The pod's RuntimeClass (null when it names none), or kube's 403 when it does not exist. */
async function lookUp(request: AdmissionRequest, pod: KubeObject, spec: JsonRecord): Promise<JsonRecord | null> {
  if (typeof spec.runtimeClassName !== 'string') return null;
  const name = spec.runtimeClassName;
  try {
    return await storeFor(request.cluster, runtimeClassesType()).get('', name, { match: 'latest' });
  } catch (error) {
    if ((error as { code?: number }).code === 404) throw refusal(pod, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    throw error;
  }
}

/** setScheduling: the class's node selector over the pod's (a conflict refused), the tolerations merged. */
function schedule(pod: KubeObject, spec: JsonRecord, scheduling: JsonRecord): void {
  const required = asTextMap(scheduling.nodeSelector);
  if (spec.nodeSelector && typeof spec.nodeSelector === 'object') {
    const selector = spec.nodeSelector as Record<string, string>;
    for (const [key, value] of Object.entries(required)) {
      if (key in selector && selector[key] !== value) {
        throw refusal(pod, `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${selector[key]}`);
      }
      selector[key] = value;
    }
  } else if (scheduling.nodeSelector) {
    spec.nodeSelector = { ...required };
  }
  addDefaultTolerations(spec);
  const merged = mergeTolerations([...asRecords(spec.tolerations), ...asRecords(scheduling.tolerations).map((t) => structuredClone(t))]);
  if (merged.length) spec.tolerations = merged;
  else delete spec.tolerations;
}

/** tolerations.MergeTolerations: each toleration but one that another (kept, or later and unequal) covers. */
export function mergeTolerations(all: JsonRecord[]): JsonRecord[] {
  const merged: JsonRecord[] = [];
  all.forEach((toleration, index) => {
    if (merged.some((kept) => covers(kept, toleration))) return;
    if (all.slice(index + 1).some((later) => !sameToleration(toleration, later) && covers(later, toleration))) return;
    merged.push(toleration);
  });
  return merged;
}

/** isSuperset: whether `wide` tolerates every taint `narrow` does. */
function covers(wide: JsonRecord, narrow: JsonRecord): boolean {
  if (sameToleration(wide, narrow)) return true;
  const field = (toleration: JsonRecord, name: string) => asText(toleration[name]);
  if (field(narrow, 'key') !== field(wide, 'key') && (field(wide, 'key') !== '' || field(wide, 'operator') !== 'Exists')) return false;
  if (field(narrow, 'effect') !== field(wide, 'effect') && field(wide, 'effect') !== '') return false;
  if (field(wide, 'effect') === 'NoExecute' && typeof wide.tolerationSeconds === 'number') {
    if (typeof narrow.tolerationSeconds !== 'number' || narrow.tolerationSeconds > wide.tolerationSeconds) return false;
  }
  switch (field(wide, 'operator')) {
    case 'Equal':
    case '':
      return field(narrow, 'operator') === 'Equal' && field(narrow, 'value') === field(wide, 'value');
    case 'Exists':
      return true;
    default:
      return false;
  }
}

function sameToleration(a: JsonRecord, b: JsonRecord): boolean {
  const fields = ['key', 'operator', 'value', 'effect'];
  return fields.every((name) => asText(a[name]) === asText(b[name])) && (a.tolerationSeconds ?? null) === (b.tolerationSeconds ?? null);
}

function hasEntries(value: unknown): boolean {
  return !!value && typeof value === 'object' && Object.keys(value).length > 0;
}

/** apiequality.Semantic.DeepEqual of two resource lists: the same names, equal quantities. */
function sameResources(a: unknown, b: unknown): boolean {
  const [left, right] = [asRecord(a) ?? {}, asRecord(b) ?? {}];
  if (Object.keys(left).length !== Object.keys(right).length) return false;
  return Object.entries(left).every(([name, text]) => {
    const [x, y] = [parseQuantity(text), parseQuantity(right[name])];
    return !!x && !!y && compareQuantities(x, y) === 0;
  });
}

/** admission.NewForbidden: `pods "NAME" is forbidden: ...` (the generateName while no name is made yet). */
function refusal(pod: KubeObject, why: string) {
  const name = pod.metadata.name || asText(asRecord(pod.metadata)?.generateName);
  return forbidden({ group: '', resource: 'pods' }, name || 'Unknown', why);
}
