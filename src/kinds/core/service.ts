/**
 * Service (core/v1): SetDefaults_Service; the REST storage's IP family defaulting and allocation
 * of cluster IPs and node ports before validation (see cluster-ip.ts for how addresses stay unique
 * across Workers); the strategy's status handling and type-change cleanup
 * (pkg/registry/core/service/strategy.go dropTypeDependentFields); ValidateService and
 * ValidateServiceUpdate (kube v1.32). Allocation errors stop validation, as kube's do.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asRecords, asTexts, cloneJson, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { clusterIPCandidate, clusterIPRangeError, nodePortCandidate, nodePortRangeError } from './cluster-ip.js';
import {
  defaultServiceSpec, initIPFamilyFields, needsClusterIP, needsNodePorts, normalizeClusterIPs, orderServiceSpec, patchAllocatedValues,
} from './service-defaults.js';
import { externallyAccessible, needsHealthCheck, validateService, validateServiceUpdate } from './service-validation.js';

/** What the server chose for a Service (not what the client asked for), for the store's uniqueness check. */
export interface ServiceAllocation {
  clusterIPs: string[];
  nodePorts: number[];
}

const allocations = new WeakMap<object, ServiceAllocation>();
const allocationErrors = new WeakMap<object, FieldError[]>();

/** The addresses and ports prepareForCreate/Update allocated for `service` (empty when all were requested). */
export function serverAllocated(service: KubeObject): ServiceAllocation {
  return allocations.get(service) ?? { clusterIPs: [], nodePorts: [] };
}

/** allocClusterIPs: a candidate for the family left empty, a range check for a requested address. */
function allocateClusterIPs(spec: JsonRecord, seed: string, allocation: ServiceAllocation): FieldError[] {
  if (!needsClusterIP(spec) || asTexts(spec.clusterIPs)[0] === 'None') return [];
  const clusterIPs = asTexts(spec.clusterIPs);
  const requested = clusterIPs[0] ?? '';
  if (!requested) {
    const ip = clusterIPCandidate(seed);
    allocation.clusterIPs.push(ip);
    spec.clusterIPs = [ip, ...clusterIPs.slice(1)];
    spec.clusterIP = ip;
    return [];
  }
  const rangeError = clusterIPRangeError(requested);
  return rangeError ? [fieldError.invalid('spec.clusterIPs', clusterIPs, `failed to allocate IP ${requested}: ${rangeError}`)] : [];
}

/** initNodePorts: ports sharing a port number share a node port; requested ones are range-checked. */
function allocateNodePorts(spec: JsonRecord, oldSpec: JsonRecord | undefined, seed: string, allocation: ServiceAllocation): FieldError[] {
  if (!needsNodePorts(spec)) return [];
  const allocate = spec.type === 'NodePort' || spec.allocateLoadBalancerNodePorts !== false;
  const oldPorts = new Set(asRecords(oldSpec?.ports).map((port) => port.nodePort));
  const byPort = new Map<unknown, number>();
  const errors: FieldError[] = [];
  asRecords(spec.ports).forEach((port, index) => {
    const requested = typeof port.nodePort === 'number' ? port.nodePort : 0;
    const shared = byPort.get(port.port);
    if (requested) {
      const rangeError = oldPorts.has(requested) ? '' : nodePortRangeError(requested);
      if (rangeError) errors.push(fieldError.invalid(`spec.ports[${index}].nodePort`, requested, rangeError));
      byPort.set(port.port, requested);
    } else if (shared) port.nodePort = shared;
    else if (allocate) {
      port.nodePort = uniqueNodePort(seed, String(port.port), allocation.nodePorts);
      allocation.nodePorts.push(port.nodePort as number);
      byPort.set(port.port, port.nodePort as number);
    }
  });
  if (needsHealthCheck(spec) && !spec.healthCheckNodePort) {
    spec.healthCheckNodePort = uniqueNodePort(seed, 'health', allocation.nodePorts);
    allocation.nodePorts.push(spec.healthCheckNodePort as number);
  } else if (needsHealthCheck(spec) && spec.healthCheckNodePort !== oldSpec?.healthCheckNodePort) {
    const rangeError = nodePortRangeError(spec.healthCheckNodePort as number);
    if (rangeError) errors.push(fieldError.invalid('spec.healthCheckNodePort', spec.healthCheckNodePort, rangeError));
  }
  return errors;
}

/** A candidate not already taken by another port of the same Service. */
function uniqueNodePort(seed: string, slot: string, taken: number[]): number {
  for (let attempt = 0; ; attempt++) {
    const port = nodePortCandidate(seed, attempt ? `${slot}/${attempt}` : slot);
    if (!taken.includes(port)) return port;
  }
}

/**
 * dropTypeDependentFields: fields a type change leaves behind are cleared when the client did not
 * touch them (node ports: added none), so that an update to, say, ExternalName needs no manual
 * cleanup; a Service no longer of type LoadBalancer loses its load balancer status.
 */
function dropTypeDependentFields(object: KubeObject, spec: JsonRecord, oldSpec: JsonRecord): void {
  if (needsClusterIP(oldSpec) && !needsClusterIP(spec)) {
    if (sameJson(spec.clusterIPs ?? [], oldSpec.clusterIPs ?? [])) {
      delete spec.clusterIP;
      delete spec.clusterIPs;
    }
    if (sameJson(spec.ipFamilies ?? [], oldSpec.ipFamilies ?? [])) delete spec.ipFamilies;
    if (spec.ipFamilyPolicy === oldSpec.ipFamilyPolicy) delete spec.ipFamilyPolicy;
  }
  if (needsNodePorts(oldSpec) && !needsNodePorts(spec) && addsNoNodePort(spec, oldSpec)) {
    for (const port of asRecords(spec.ports)) delete port.nodePort;
  }
  if (needsHealthCheck(oldSpec) && !needsHealthCheck(spec) && spec.healthCheckNodePort === oldSpec.healthCheckNodePort) delete spec.healthCheckNodePort;
  if (oldSpec.type === 'LoadBalancer' && spec.type !== 'LoadBalancer') {
    if (spec.allocateLoadBalancerNodePorts === oldSpec.allocateLoadBalancerNodePorts) delete spec.allocateLoadBalancerNodePorts;
    if (spec.loadBalancerClass === oldSpec.loadBalancerClass) delete spec.loadBalancerClass;
  }
  if (externallyAccessible(oldSpec) && !externallyAccessible(spec) && spec.externalTrafficPolicy === oldSpec.externalTrafficPolicy) delete spec.externalTrafficPolicy;
  if (spec.type !== 'LoadBalancer') ensureRecord(object as JsonRecord, 'status').loadBalancer = {};
}

/** sameNodePorts: ports may be added, removed or changed as long as no node port is new. */
function addsNoNodePort(spec: JsonRecord, oldSpec: JsonRecord): boolean {
  const nodePorts = (value: JsonRecord) => asRecords(value.ports).map((port) => port.nodePort).filter((nodePort) => typeof nodePort === 'number' && nodePort !== 0);
  const old = new Set(nodePorts(oldSpec));
  return nodePorts(spec).every((nodePort) => old.has(nodePort));
}

/**
 * defaultOnReadInternalTrafficPolicy: kube defaulted internalTrafficPolicy on ExternalName
 * Services once (a type change to ExternalName still keeps it) and drops it from every read; edge
 * drops it when it writes, which every read shows alike.
 */
function dropExternalNameInternalTrafficPolicy(spec: JsonRecord): void {
  if (spec.type === 'ExternalName') delete spec.internalTrafficPolicy;
}

/** SetDefaults_Service (LoadBalancerIPMode): a LoadBalancer's ingress with an IP is in mode VIP unless told otherwise. */
function defaultIngressIPMode(object: KubeObject): void {
  if (asRecord(object.spec)?.type !== 'LoadBalancer') return;
  for (const ingress of asRecords(asRecord(asRecord(object.status)?.loadBalancer)?.ingress)) {
    if (ingress.ip && (ingress.ipMode === undefined || ingress.ipMode === null)) {
      ingress.ipMode = 'VIP';
      orderKeys(ingress, ['ip', 'hostname', 'ipMode', 'ports']);
    }
  }
}

function withStatus(object: KubeObject): void {
  const status = ensureRecord(object as JsonRecord, 'status');
  // ServiceStatus.LoadBalancer is a struct: Go always writes it.
  setDefault(status, 'loadBalancer', {});
  orderKeys(status, ['loadBalancer', 'conditions']);
}

/** The Service kind's semantics. */
export const service: KindSemantics = {
  default(object) {
    defaultServiceSpec(ensureRecord(object as JsonRecord, 'spec'));
    if (object.status !== undefined) {
      withStatus(object);
      defaultIngressIPMode(object);
    }
  },
  prepareForCreate(object) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    const allocation: ServiceAllocation = { clusterIPs: [], nodePorts: [] };
    const seed = object.metadata.uid ?? object.metadata.name ?? '';
    normalizeClusterIPs(spec);
    const errors = initIPFamilyFields(spec);
    if (!errors.length) errors.push(...allocateClusterIPs(spec, seed, allocation));
    if (!errors.length) errors.push(...allocateNodePorts(spec, undefined, seed, allocation));
    dropExternalNameInternalTrafficPolicy(spec);
    allocations.set(object, allocation);
    if (errors.length) allocationErrors.set(object, errors);
    object.status = {};
    withStatus(object);
    orderServiceSpec(spec);
  },
  prepareForUpdate(object, old) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    const oldSpec = asRecord(old.spec) ?? {};
    const allocation: ServiceAllocation = { clusterIPs: [], nodePorts: [] };
    // A type change that now needs an address allocates one; the old resourceVersion varies the candidate per change.
    const seed = `${object.metadata.uid ?? ''}/${old.metadata.resourceVersion ?? ''}`;
    patchAllocatedValues(spec, oldSpec);
    normalizeClusterIPs(spec, oldSpec);
    const errors = initIPFamilyFields(spec, oldSpec);
    if (!errors.length && !needsClusterIP(oldSpec)) errors.push(...allocateClusterIPs(spec, seed, allocation));
    if (!errors.length) errors.push(...allocateNodePorts(spec, oldSpec, seed, allocation));
    allocations.set(object, allocation);
    if (errors.length) allocationErrors.set(object, errors);
    object.status = cloneJson(old.status) ?? {};
    dropTypeDependentFields(object, spec, oldSpec);
    dropExternalNameInternalTrafficPolicy(spec);
    withStatus(object);
    orderServiceSpec(spec);
  },
  validate(object) {
    return allocationErrors.get(object) ?? validateService(object as JsonRecord);
  },
  validateUpdate(object, old) {
    return allocationErrors.get(object) ?? validateServiceUpdate(object as JsonRecord, old as JsonRecord);
  },
};
