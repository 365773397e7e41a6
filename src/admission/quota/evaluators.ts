/**
 * The quota evaluators kube-apiserver's ResourceQuota admission uses (pkg/quota/v1/evaluator/core
 * and k8s.io/apiserver/pkg/quota/v1/generic, v1.32): pods, Services and PersistentVolumeClaims
 * with their own usage; ConfigMaps, Secrets, ReplicationControllers and ResourceQuotas counted
 * under their legacy names too; every other stored resource counted as `count/<resource>[.<group>]`
 * on create. Virtual resources and events are never charged.
 */
import { roundUpToScale } from '../../apimachinery/quantity.js';
import { asRecord, asRecords, asText, type JsonRecord } from '../../kinds/json-values.js';
import { podConstraintError, podMatchesScope, podMatchingResources, podUsage, type ScopeRequirement } from './pod-usage.js';
import { count, resourceList, type ResourceList } from './resource-lists.js';

export type QuotaOperation = 'CREATE' | 'UPDATE';

export interface Evaluator {
  /** Whether an operation on the main resource can change usage. */
  handles(operation: QuotaOperation): boolean;
  /** The names of `names` this resource's objects charge. */
  matchingResources(names: string[]): string[];
  /** Whether the object falls in a quota scope (resources without scopes fall in none). */
  matchesScope(requirement: ScopeRequirement, object: JsonRecord): boolean;
  usage(object: JsonRecord, now: Date): ResourceList;
  /** A constraint the object breaks when quota limits `required` ('' when none). */
  constraintError(required: string[], object: JsonRecord): string;
}

const ignored = new Set([
  '/bindings', '/componentstatuses', 'authentication.k8s.io/tokenreviews', 'authentication.k8s.io/selfsubjectreviews',
  'authorization.k8s.io/subjectaccessreviews', 'authorization.k8s.io/selfsubjectaccessreviews',
  'authorization.k8s.io/localsubjectaccessreviews', 'authorization.k8s.io/selfsubjectrulesreviews', '/events', 'events.k8s.io/events',
]);
const legacyCountNames: Record<string, string> = { configmaps: 'configmaps', resourcequotas: 'resourcequotas', replicationcontrollers: 'replicationcontrollers', secrets: 'secrets' };

/** ObjectCountQuotaResourceNameFor. */
export function objectCountName(group: string, resource: string): string {
  return group ? `count/${resource}.${group}` : `count/${resource}`;
}

const noScope = () => false;
const noConstraint = () => '';
const intersect = (names: string[], known: Set<string>) => names.filter((name) => known.has(name));

/** generic.NewObjectCountEvaluator: one of each name per object created. */
function objectCounter(names: string[]): Evaluator {
  const known = new Set(names);
  return {
    handles: (operation) => operation === 'CREATE',
    matchingResources: (input) => intersect(input, known),
    matchesScope: noScope,
    usage: () => new Map(names.map((name) => [name, count(1)])),
    constraintError: noConstraint,
  };
}

const podEvaluator: Evaluator = {
  handles: (operation) => operation === 'CREATE',
  matchingResources: podMatchingResources,
  matchesScope: podMatchesScope,
  usage: podUsage,
  constraintError: podConstraintError,
};

const serviceResources = new Set(['count/services', 'services', 'services.nodeports', 'services.loadbalancers']);

/** serviceEvaluator.Usage: node ports count per port (per allocated node port when a load balancer allocates none by default). */
function serviceUsage(service: JsonRecord): ResourceList {
  const spec = asRecord(service.spec) ?? {};
  const ports = asRecords(spec.ports);
  const usage: ResourceList = new Map([['count/services', count(1)], ['services', count(1)], ['services.loadbalancers', count(0)], ['services.nodeports', count(0)]]);
  if (spec.type === 'NodePort') usage.set('services.nodeports', count(ports.length));
  if (spec.type === 'LoadBalancer') {
    const allocated = spec.allocateLoadBalancerNodePorts === false ? ports.filter((port) => typeof port.nodePort === 'number' && port.nodePort !== 0).length : ports.length;
    usage.set('services.nodeports', count(allocated)).set('services.loadbalancers', count(1));
  }
  return usage;
}

const serviceEvaluator: Evaluator = {
  handles: () => true,
  matchingResources: (input) => intersect(input, serviceResources),
  matchesScope: noScope,
  usage: serviceUsage,
  constraintError: noConstraint,
};

const storageClassSuffix = '.storageclass.storage.k8s.io/';

/** The claim's storage class: spec.storageClassName, else the beta annotation. */
function claimClass(claim: JsonRecord): string {
  const annotation = asRecord(asRecord(claim.metadata)?.annotations)?.['volume.beta.kubernetes.io/storage-class'];
  if (typeof annotation === 'string') return annotation;
  return asText(asRecord(claim.spec)?.storageClassName);
}

/** pvcEvaluator.Usage: the claim, its storage request rounded up to a whole number, both also per storage class. */
function claimUsage(claim: JsonRecord): ResourceList {
  const storageClass = claimClass(claim);
  const usage: ResourceList = new Map([['persistentvolumeclaims', count(1)], ['count/persistentvolumeclaims', count(1)]]);
  if (storageClass) usage.set(`${storageClass}${storageClassSuffix}persistentvolumeclaims`, count(1));
  const request = resourceList(asRecord(asRecord(claim.spec)?.resources)?.requests).get('storage');
  if (request) {
    const rounded = roundUpToScale(request, 0);
    usage.set('requests.storage', rounded);
    if (storageClass) usage.set(`${storageClass}${storageClassSuffix}requests.storage`, rounded);
  }
  return usage;
}

const claimEvaluator: Evaluator = {
  handles: () => true,
  matchingResources: (input) => input.filter((name) => name === 'count/persistentvolumeclaims' || name === 'persistentvolumeclaims' || name === 'requests.storage'
    || name.endsWith(`${storageClassSuffix}persistentvolumeclaims`) || name.endsWith(`${storageClassSuffix}requests.storage`)),
  matchesScope: noScope,
  usage: claimUsage,
  constraintError: noConstraint,
};

/** The evaluator for a resource; undefined for the resources quota ignores. */
export function evaluatorFor(group: string, resource: string): Evaluator | undefined {
  const key = `${group}/${resource}`;
  if (ignored.has(key)) return undefined;
  if (key === '/pods') return podEvaluator;
  if (key === '/services') return serviceEvaluator;
  if (key === '/persistentvolumeclaims') return claimEvaluator;
  const legacy = group === '' ? legacyCountNames[resource] : undefined;
  return objectCounter([objectCountName(group, resource), ...(legacy ? [legacy] : [])]);
}
