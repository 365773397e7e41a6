/**
 * kube-apiserver's LimitRanger admission plugin (plugin/pkg/admission/limitranger, v1.32), for
 * pods and claims (not their subresources) of a namespace with LimitRanges; an object being
 * deleted is left alone. Mutating, on a pod's create: the `Container` limits' `defaultRequest`
 * and `default` fill each container's and init container's missing requests and limits, recorded
 * in the annotation `kubernetes.io/limit-ranger` (`LimitRanger plugin set: cpu, memory request
 * for container c; cpu limit for container c`). Validating, on create and update: per container
 * (type `Container`) and for the pod's sum (type `Pod`; an init container counts when larger)
 * `min`, `max` and `maxLimitRequestRatio`; a claim's storage request against `PersistentVolumeClaim`
 * `min` and `max`. A violation is a 403 `pods "NAME" is forbidden: maximum cpu usage per Container
 * is 500m, but limit is 1` (several joined as Go's utilerrors aggregate: `[a, b]`).
 *
 * Not carried over: kube mutates a pod on update too (adding defaults an update may then not
 * change); here defaults are set on create only. Quantities compare exactly where kube compares
 * milli-values (a difference below a milli-unit).
 */
import { findResource } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import { formatQuantity } from '../apimachinery/quantity-format.js';
import { compareQuantities, type Quantity } from '../apimachinery/quantity.js';
import { forbidden } from '../apimachinery/status.js';
import { containerOrder } from '../kinds/core/pod-schema.js';
import { asRecord, asRecords, asText, orderEach, type JsonRecord } from '../kinds/json-values.js';
import { storeFor } from '../registry/registry.js';
import { add, resourceList, type ResourceList } from './quota/resource-lists.js';
import type { AdmissionRequest, AdmissionStep, MutatingPlugin, ValidatingPlugin } from './plugins.js';

const annotation = 'kubernetes.io/limit-ranger';
const limitRangesType = () => findResource('', 'v1', 'limitranges')!;
type Limit = JsonRecord & { type?: string };

export const limitRanger: MutatingPlugin & ValidatingPlugin = {
  async admit(request, step) {
    if (step.operation !== 'CREATE' || concerns(request, step) !== 'pods') return;
    for (const limits of await limitsOf(request)) setDefaults(step.object!, limits.filter((limit) => limit.type === 'Container'));
  },

  async validate(request, step) {
    const kind = concerns(request, step);
    if (!kind || step.operation === 'DELETE') return;
    for (const limits of await limitsOf(request)) {
      const problems = kind === 'pods' ? podProblems(step.object!, limits) : claimProblems(step.object!, limits);
      if (problems.length) throw refusal(request, step.object!, problems.length === 1 ? problems[0]! : `[${problems.join(', ')}]`);
    }
  },
};

function concerns(request: AdmissionRequest, step: AdmissionStep): 'pods' | 'persistentvolumeclaims' | null {
  const { type, info } = request;
  if (type.group !== '' || info.subresource || step.kind || !step.object || step.old?.metadata.deletionTimestamp) return null;
  return type.resource === 'pods' || type.resource === 'persistentvolumeclaims' ? type.resource : null;
}

/** The `spec.limits` of each LimitRange of the request's namespace. */
async function limitsOf(request: AdmissionRequest): Promise<Limit[][]> {
  const list = await storeFor(request.cluster, limitRangesType()).listObjects(request.namespace, { limit: 0, continue: '', resourceVersion: '', resourceVersionMatch: '' });
  return list.items.map((range) => asRecords(asRecord(range.spec)?.limits) as Limit[]);
}

/** mergePodResourceRequirements: the missing requests and limits of every container, annotated. */
function setDefaults(pod: KubeObject, limits: Limit[]): void {
  if (!limits.length) return;
  const requests: JsonRecord = Object.assign({}, ...limits.map((limit) => asRecord(limit.defaultRequest) ?? {}));
  const defaults: JsonRecord = Object.assign({}, ...limits.map((limit) => asRecord(limit.default) ?? {}));
  const spec = (pod.spec ??= {}) as JsonRecord;
  const notes: string[] = [];
  for (const [list, label] of [['containers', 'container'], ['initContainers', 'init container']] as const) {
    for (const container of asRecords(spec[list])) {
      const resources = (container.resources ??= {}) as JsonRecord;
      const setLimits = fill(resources, 'limits', defaults);
      const setRequests = fill(resources, 'requests', requests);
      if (setRequests.length) notes.push(`${setRequests.join(', ')} request for ${label} ${asText(container.name)}`);
      if (setLimits.length) notes.push(`${setLimits.join(', ')} limit for ${label} ${asText(container.name)}`);
    }
    orderEach(spec, list, containerOrder);
  }
  if (notes.length) (pod.metadata.annotations ??= {})[annotation] = `LimitRanger plugin set: ${notes.join('; ')}`;
}

/** The names of `defaults` missing from resources[field], added (the map's keys sorted, as Go writes them). */
function fill(resources: JsonRecord, field: 'limits' | 'requests', defaults: JsonRecord): string[] {
  const current = asRecord(resources[field]) ?? {};
  const added = Object.keys(defaults).filter((name) => !(name in current)).sort();
  if (!added.length) return [];
  const merged: JsonRecord = { ...current };
  for (const name of added) merged[name] = defaults[name];
  resources[field] = Object.fromEntries(Object.keys(merged).sort().map((name) => [name, merged[name]]));
  return added;
}

/** PodValidateLimitFunc: the `Container` limits per container, the `Pod` limits on the pod's sums. */
function podProblems(pod: KubeObject, limits: Limit[]): string[] {
  const spec = asRecord(pod.spec) ?? {};
  const [containers, initContainers] = [asRecords(spec.containers), asRecords(spec.initContainers)];
  const usage = (container: JsonRecord) => {
    const resources = asRecord(container.resources) ?? {};
    return { requests: resourceList(resources.requests), limits: resourceList(resources.limits) };
  };
  const problems: string[] = [];
  for (const limit of limits) {
    if (limit.type === 'Container') {
      for (const container of [...containers, ...initContainers]) problems.push(...constraints(limit, 'Container', usage(container)));
    } else if (limit.type === 'Pod') {
      const all = containers.map(usage);
      const pod = { requests: sum(all.map((each) => each.requests)), limits: sum(all.map((each) => each.limits)) };
      for (const init of initContainers.map(usage)) {
        raise(pod.requests, init.requests);
        raise(pod.limits, init.limits);
      }
      problems.push(...constraints(limit, 'Pod', pod));
    }
  }
  return problems;
}

/** PersistentVolumeClaimValidateLimitFunc: the claim's requests against min and max. */
function claimProblems(claim: KubeObject, limits: Limit[]): string[] {
  const requests = resourceList(asRecord(asRecord(asRecord(claim.spec)?.resources)?.requests));
  return limits.filter((limit) => limit.type === 'PersistentVolumeClaim').flatMap((limit) => [
    ...[...resourceList(limit.min)].flatMap(([name, min]) => minimum('PersistentVolumeClaim', name, min, requests, new Map())),
    ...[...resourceList(limit.max)].flatMap(([name, max]) => {
      const request = requests.get(name);
      if (!request) return [`maximum ${name} usage per PersistentVolumeClaim is ${formatQuantity(max)}.  No request is specified`];
      return compareQuantities(request, max) > 0 ? [`maximum ${name} usage per PersistentVolumeClaim is ${formatQuantity(max)}, but request is ${formatQuantity(request)}`] : [];
    }),
  ]);
}

interface Usage { requests: ResourceList; limits: ResourceList }

function constraints(limit: Limit, kind: string, usage: Usage): string[] {
  return [
    ...[...resourceList(limit.min)].flatMap(([name, min]) => minimum(kind, name, min, usage.requests, usage.limits)),
    ...[...resourceList(limit.max)].flatMap(([name, max]) => maximum(kind, name, max, usage)),
    ...[...resourceList(limit.maxLimitRequestRatio)].flatMap(([name, ratio]) => limitRequestRatio(kind, name, ratio, usage)),
  ];
}

function minimum(kind: string, name: string, min: Quantity, requests: ResourceList, limits: ResourceList): string[] {
  const [request, limit] = [requests.get(name), limits.get(name)];
  const enforced = formatQuantity(min);
  if (!request) return [`minimum ${name} usage per ${kind} is ${enforced}.  No request is specified`];
  if (compareQuantities(request, min) < 0) return [`minimum ${name} usage per ${kind} is ${enforced}, but request is ${formatQuantity(request)}`];
  if (limit && compareQuantities(limit, min) < 0) return [`minimum ${name} usage per ${kind} is ${enforced}, but limit is ${formatQuantity(limit)}`];
  return [];
}

function maximum(kind: string, name: string, max: Quantity, usage: Usage): string[] {
  const [request, limit] = [usage.requests.get(name), usage.limits.get(name)];
  const enforced = formatQuantity(max);
  if (!limit) return [`maximum ${name} usage per ${kind} is ${enforced}.  No limit is specified`];
  if (compareQuantities(limit, max) > 0) return [`maximum ${name} usage per ${kind} is ${enforced}, but limit is ${formatQuantity(limit)}`];
  if (request && compareQuantities(request, max) > 0) return [`maximum ${name} usage per ${kind} is ${enforced}, but request is ${formatQuantity(request)}`];
  return [];
}

function limitRequestRatio(kind: string, name: string, ratio: Quantity, usage: Usage): string[] {
  const [request, limit] = [milli(usage.requests.get(name)), milli(usage.limits.get(name))];
  const enforced = formatQuantity(ratio);
  if (!request) return [`${name} max limit to request ratio per ${kind} is ${enforced}, but no request is specified or request is 0`];
  if (!limit) return [`${name} max limit to request ratio per ${kind} is ${enforced}, but no limit is specified or limit is 0`];
  const observed = limit / request;
  return observed * 1000 > milli(ratio) ? [`${name} max limit to request ratio per ${kind} is ${enforced}, but provided ratio is ${observed.toFixed(6)}`] : [];
}

/** A quantity's MilliValue (0 when absent), rounded up as Go's is. */
function milli(quantity: Quantity | undefined): number {
  if (!quantity) return 0;
  const shift = quantity.exponent + 3;
  if (shift >= 0) return Number(quantity.mantissa * 10n ** BigInt(shift));
  const divisor = 10n ** BigInt(-shift);
  const whole = quantity.mantissa / divisor;
  return Number(quantity.mantissa % divisor > 0n ? whole + 1n : whole);
}

/** sum: each name every list has, totalled (a name some list lacks is left out). */
function sum(lists: ResourceList[]): ResourceList {
  if (!lists.length) return new Map();
  const total = lists.reduce((a, b) => add(a, b));
  return new Map([...total].filter(([name]) => lists.every((list) => list.has(name))));
}

/** max(sum of containers, an init container) per name. */
function raise(target: ResourceList, other: ResourceList): void {
  for (const [name, quantity] of other) {
    const current = target.get(name);
    if (!current || compareQuantities(quantity, current) > 0) target.set(name, quantity);
  }
}

/** admission.NewForbidden for the pod or claim (its generateName while no name is made yet). */
function refusal(request: AdmissionRequest, object: KubeObject, why: string) {
  const name = object.metadata.name || asText(asRecord(object.metadata)?.generateName);
  return forbidden({ group: '', resource: request.type.resource }, name || 'Unknown', why);
}
