/**
 * What a pod charges to quota (pkg/quota/v1/evaluator/core/pods.go, v1.32 with pod-level resources
 * and in-place resize off): one `count/pods`, and unless it is terminal or past its deletion's
 * grace period, `pods` and its compute resources from the pod's effective requests and limits
 * (component-helpers PodRequests/PodLimits: containers summed, init containers by their peak with
 * restartable ones running beside, overhead added). Also the quota scopes a pod falls in, and the
 * per-container constraint kube enforces when a quota limits cpu or memory.
 */
import { addQuantities, compareQuantities } from '../../apimachinery/quantity.js';
import { matchesRequirement } from '../../apimachinery/selectors/labels.js';
import { isQualifiedName } from '../../apimachinery/validation/names.js';
import { asList, asRecord, asRecords, asText, type JsonRecord } from '../../kinds/json-values.js';
import { computePodQOS } from '../../kinds/core/qos.js';
import { add, count, resourceList, type ResourceList } from './resource-lists.js';

/** A quota scope selector requirement (ScopedResourceSelectorRequirement). */
export interface ScopeRequirement {
  scopeName: string;
  operator: string;
  values?: string[];
}

const podResources = new Set([
  'count/pods', 'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage',
  'limits.cpu', 'limits.memory', 'limits.ephemeral-storage', 'pods',
]);
const podResourcePrefixes = ['hugepages-', 'requests.hugepages-'];
const constrained = new Set(['cpu', 'memory', 'requests.cpu', 'requests.memory', 'limits.cpu', 'limits.memory']);

/** IsNativeResource: unprefixed, or in a kubernetes.io/ namespace. */
const isNative = (name: string) => !name.includes('/') || name.includes('kubernetes.io/');
/** IsExtendedResourceName: not native, not already a requests. name, and valid as one. */
const isExtended = (name: string) => !isNative(name) && !name.startsWith('requests.') && isQualifiedName(`requests.${name}`).length === 0;

/** The quota resource names a pod may charge, of `names`. */
export function podMatchingResources(names: string[]): string[] {
  return names.filter((name) => podResources.has(name) || podResourcePrefixes.some((prefix) => name.startsWith(prefix))
    || (!isNative(name) && name.startsWith('requests.')));
}

/** podComputeUsageHelper: the quota names a set of requests and limits charges. */
function computeUsage(requests: ResourceList, limits: ResourceList): ResourceList {
  const result: ResourceList = new Map([['pods', count(1)]]);
  for (const name of ['cpu', 'memory', 'ephemeral-storage']) {
    const request = requests.get(name);
    if (request) result.set(name, request).set(`requests.${name}`, request);
    const limit = limits.get(name);
    if (limit) result.set(`limits.${name}`, limit);
  }
  for (const [name, request] of requests) {
    if (name.startsWith('hugepages-')) result.set(name, request).set(`requests.${name}`, request);
    if (isExtended(name)) result.set(`requests.${name}`, request);
  }
  return result;
}

function containerResources(container: JsonRecord, field: 'requests' | 'limits'): ResourceList {
  return resourceList(asRecord(container.resources)?.[field]);
}

function maxInto(target: ResourceList, other: ResourceList): void {
  for (const [name, quantity] of other) {
    const current = target.get(name);
    if (!current || compareQuantities(quantity, current) > 0) target.set(name, quantity);
  }
}

/** AggregateContainerRequests / AggregateContainerLimits. */
function aggregate(spec: JsonRecord, field: 'requests' | 'limits'): ResourceList {
  let total: ResourceList = new Map();
  for (const container of asRecords(spec.containers)) total = add(total, containerResources(container, field));
  let restartable: ResourceList = new Map();
  const initPeak: ResourceList = new Map();
  for (const container of asRecords(spec.initContainers)) {
    const own = containerResources(container, field);
    if (container.restartPolicy === 'Always') {
      total = add(total, own);
      restartable = add(restartable, own);
      maxInto(initPeak, restartable);
    } else maxInto(initPeak, add(own, restartable));
  }
  maxInto(total, initPeak);
  return total;
}

/** PodRequests and PodLimits: overhead adds to every request, and to the limits that are set and not zero. */
export function podRequestsAndLimits(spec: JsonRecord): { requests: ResourceList; limits: ResourceList } {
  const overhead = resourceList(spec.overhead);
  const requests = add(aggregate(spec, 'requests'), overhead);
  const limits = aggregate(spec, 'limits');
  for (const [name, quantity] of overhead) {
    const limit = limits.get(name);
    if (limit && limit.mantissa !== 0n) limits.set(name, addQuantities(limit, quantity));
  }
  return { requests, limits };
}

/** QuotaV1Pod: terminal pods, and pods past the end of their deletion's grace period, charge nothing but their count. */
function chargesResources(pod: JsonRecord, now: Date): boolean {
  const phase = asText(asRecord(pod.status)?.phase);
  if (phase === 'Succeeded' || phase === 'Failed') return false;
  const metadata = asRecord(pod.metadata) ?? {};
  if (typeof metadata.deletionTimestamp === 'string' && typeof metadata.deletionGracePeriodSeconds === 'number') {
    return now.getTime() <= Date.parse(metadata.deletionTimestamp) + metadata.deletionGracePeriodSeconds * 1000;
  }
  return true;
}

/** PodUsageFunc. */
export function podUsage(pod: JsonRecord, now: Date): ResourceList {
  const result: ResourceList = new Map([['count/pods', count(1)]]);
  if (!chargesResources(pod, now)) return result;
  const { requests, limits } = podRequestsAndLimits(asRecord(pod.spec) ?? {});
  return add(result, computeUsage(requests, limits));
}

/** podMatchesScopeFunc; throws for a scope selector operator kube cannot turn into a label requirement. */
export function podMatchesScope(requirement: ScopeRequirement, pod: JsonRecord): boolean {
  const spec = asRecord(pod.spec) ?? {};
  switch (requirement.scopeName) {
    case 'Terminating': return isTerminating(spec);
    case 'NotTerminating': return !isTerminating(spec);
    case 'BestEffort': return computePodQOS(spec) === 'BestEffort';
    case 'NotBestEffort': return computePodQOS(spec) !== 'BestEffort';
    case 'PriorityClass': return matchesPriorityClass(requirement, asText(spec.priorityClassName));
    case 'CrossNamespacePodAffinity': return usesCrossNamespaceAffinity(spec);
    default: return false;
  }
}

function isTerminating(spec: JsonRecord): boolean {
  return typeof spec.activeDeadlineSeconds === 'number' && spec.activeDeadlineSeconds >= 0;
}

const scopeOperators: Record<string, 'in' | 'notin' | 'exists' | '!'> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** ScopedResourceSelectorRequirementsAsSelector against {PriorityClass: name} (no label when the pod names none). */
function matchesPriorityClass(requirement: ScopeRequirement, priorityClassName: string): boolean {
  if (requirement.operator === 'Exists') return priorityClassName !== '';
  const operator = scopeOperators[requirement.operator];
  if (!operator) throw new Error(`${JSON.stringify(requirement.operator)} is not a valid scope selector operator`);
  const labels: Record<string, string> = priorityClassName ? { PriorityClass: priorityClassName } : {};
  return matchesRequirement({ key: 'PriorityClass', operator, values: requirement.values ?? [] }, labels);
}

/** A pod (anti-)affinity term naming namespaces or a namespace selector. */
function usesCrossNamespaceAffinity(spec: JsonRecord): boolean {
  const affinity = asRecord(spec.affinity);
  return [asRecord(affinity?.podAffinity), asRecord(affinity?.podAntiAffinity)].some((terms) => {
    const required = asRecords(terms?.requiredDuringSchedulingIgnoredDuringExecution);
    const preferred = asRecords(terms?.preferredDuringSchedulingIgnoredDuringExecution).map((weighted) => asRecord(weighted.podAffinityTerm) ?? {});
    return [...required, ...preferred].some((term) => asList(term.namespaces).length > 0 || (term.namespaceSelector !== undefined && term.namespaceSelector !== null));
  });
}

/**
 * podEvaluator.Constraints: when a quota limits cpu or memory requests or limits, every container
 * must state them: `must specify limits.cpu for: a,b; requests.memory for: c` (empty: satisfied).
 */
export function podConstraintError(required: string[], pod: JsonRecord): string {
  const wanted = required.filter((name) => constrained.has(name));
  const spec = asRecord(pod.spec) ?? {};
  const missing = new Map<string, Set<string>>();
  for (const container of [...asRecords(spec.containers), ...asRecords(spec.initContainers)]) {
    const usage = computeUsage(containerResources(container, 'requests'), containerResources(container, 'limits'));
    for (const name of wanted) {
      if (!usage.has(name)) missing.set(name, (missing.get(name) ?? new Set()).add(asText(container.name)));
    }
  }
  if (missing.size === 0) return '';
  const parts = [...missing.keys()].sort().map((name) => `${name} for: ${[...missing.get(name)!].sort().join(',')}`);
  return `must specify ${parts.join('; ')}`;
}
