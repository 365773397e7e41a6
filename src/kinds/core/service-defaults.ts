/**
 * Service defaulting (SetDefaults_Service, pkg/apis/core/v1/defaults.go) and what kube's Service
 * REST storage does to IP fields before validating (pkg/registry/core/service/storage:
 * normalizeClusterIPs, patchAllocatedValues, initIPFamilyFields), for a single-stack cluster whose
 * family is that of the configured range. Fields are written in Go's order.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asRecords, asText, asTexts, orderEach, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import { defaultServiceNetwork } from './cluster-ip.js';
import { isIPv6, parseCIDR } from '../../apimachinery/validation/ip-addresses.js';
import { validateClusterIPFields } from './service-ip-validation.js';
import { externallyAccessible } from './service-validation.js';

const serviceSpecOrder = [
  'ports', 'selector', 'clusterIP', 'clusterIPs', 'type', 'externalIPs', 'sessionAffinity', 'loadBalancerIP',
  'loadBalancerSourceRanges', 'externalName', 'externalTrafficPolicy', 'healthCheckNodePort', 'publishNotReadyAddresses',
  'sessionAffinityConfig', 'ipFamilies', 'ipFamilyPolicy', 'allocateLoadBalancerNodePorts', 'loadBalancerClass',
  'internalTrafficPolicy', 'trafficDistribution',
] as const;
const servicePortOrder = ['name', 'protocol', 'appProtocol', 'port', 'targetPort', 'nodePort'] as const;

/** v1.DefaultClientIPServiceAffinitySeconds. */
const defaultAffinitySeconds = 10800;

/** SetDefaults_Service on a Service's spec, in place. */
export function defaultServiceSpec(spec: JsonRecord): void {
  setDefault(spec, 'sessionAffinity', 'None');
  if (spec.sessionAffinity === 'None') delete spec.sessionAffinityConfig;
  const timeout = asRecord(asRecord(spec.sessionAffinityConfig)?.clientIP)?.timeoutSeconds;
  if (spec.sessionAffinity === 'ClientIP' && timeout === undefined) {
    spec.sessionAffinityConfig = { clientIP: { timeoutSeconds: defaultAffinitySeconds } };
  }
  if (!spec.type) spec.type = 'ClusterIP';
  for (const port of asRecords(spec.ports)) {
    setDefault(port, 'protocol', 'TCP');
    if (port.targetPort === undefined || port.targetPort === null || port.targetPort === 0 || port.targetPort === '') port.targetPort = port.port;
  }
  if (externallyAccessible(spec) && !spec.externalTrafficPolicy) spec.externalTrafficPolicy = 'Cluster';
  if (['NodePort', 'LoadBalancer', 'ClusterIP'].includes(asText(spec.type))) setDefault(spec, 'internalTrafficPolicy', 'Cluster');
  if (spec.type === 'LoadBalancer') setDefault(spec, 'allocateLoadBalancerNodePorts', true);
  orderServiceSpec(spec);
}

/** Go's field order for the spec and its ports. */
export function orderServiceSpec(spec: JsonRecord): void {
  orderEach(spec, 'ports', servicePortOrder);
  orderKeys(spec, serviceSpecOrder);
}

/** needsClusterIP: every type but ExternalName has a clusterIP (even "None"). */
export function needsClusterIP(spec: JsonRecord): boolean {
  return spec.type !== 'ExternalName';
}

/** normalizeClusterIPs: keep clusterIP and clusterIPs in step for clients that only know one of them. */
export function normalizeClusterIPs(spec: JsonRecord, oldSpec?: JsonRecord): void {
  const clusterIP = asText(spec.clusterIP);
  if (!oldSpec) {
    if (clusterIP && asTexts(spec.clusterIPs).length === 0) spec.clusterIPs = [clusterIP];
    return;
  }
  const sameIPs = sameJson(spec.clusterIPs ?? [], oldSpec.clusterIPs ?? []);
  if (asTexts(oldSpec.clusterIPs).length && asTexts(spec.clusterIPs).length === 0 && clusterIP === asText(oldSpec.clusterIP)) {
    spec.clusterIPs = oldSpec.clusterIPs;
  }
  if (clusterIP === asText(oldSpec.clusterIP)) return;
  // Clearing clusterIP clears clusterIPs; changing it (golden 064) moves clusterIPs[0] with it, for validation to refuse.
  if (asText(oldSpec.clusterIP) && !clusterIP) {
    if (sameIPs) delete spec.clusterIPs;
  } else if (sameIPs) spec.clusterIPs = [clusterIP];
}

/** patchAllocatedValues: an update that leaves allocated values out keeps them (for idempotent PUTs). */
export function patchAllocatedValues(spec: JsonRecord, oldSpec: JsonRecord): void {
  if (needsClusterIP(oldSpec) && needsClusterIP(spec)) {
    if (!asText(spec.clusterIP) && oldSpec.clusterIP !== undefined) spec.clusterIP = oldSpec.clusterIP;
    if (asTexts(spec.clusterIPs).length === 0 && asTexts(oldSpec.clusterIPs).length) spec.clusterIPs = oldSpec.clusterIPs;
  }
  if (needsNodePorts(oldSpec) && needsNodePorts(spec)) {
    const used = new Set(asRecords(spec.ports).map((port) => port.nodePort).filter(Boolean));
    const byName = new Map(asRecords(oldSpec.ports).map((port) => [asText(port.name), port.nodePort]));
    for (const port of asRecords(spec.ports)) {
      const previous = byName.get(asText(port.name));
      if (!port.nodePort && previous && !used.has(previous)) port.nodePort = previous;
    }
  }
  const localLoadBalancer = (value: JsonRecord) => value.type === 'LoadBalancer' && value.externalTrafficPolicy === 'Local';
  if (localLoadBalancer(oldSpec) && localLoadBalancer(spec) && !spec.healthCheckNodePort) spec.healthCheckNodePort = oldSpec.healthCheckNodePort;
}

/** needsNodePort: NodePort and LoadBalancer services. */
export function needsNodePorts(spec: JsonRecord): boolean {
  return spec.type === 'NodePort' || spec.type === 'LoadBalancer';
}

/** The cluster's single IP family: that of its service range. */
export function clusterFamily(network = defaultServiceNetwork): 'IPv4' | 'IPv6' {
  const cidr = parseCIDR(network.clusterIPRange);
  return cidr?.bytes.length === 16 ? 'IPv6' : 'IPv4';
}

/** initIPFamilyFields: default ipFamilyPolicy and ipFamilies, refusing dual-stack on this single-stack cluster. */
export function initIPFamilyFields(spec: JsonRecord, oldSpec?: JsonRecord): FieldError[] {
  if (!needsClusterIP(spec)) return [];
  const headlessSelectorless = spec.clusterIP === 'None' && Object.keys(asRecord(spec.selector) ?? {}).length === 0;
  if (spec.ipFamilyPolicy === undefined || spec.ipFamilyPolicy === null) {
    if (oldSpec?.ipFamilyPolicy) spec.ipFamilyPolicy = oldSpec.ipFamilyPolicy;
    else spec.ipFamilyPolicy = headlessSelectorless ? 'RequireDualStack' : 'SingleStack';
  }
  const preErrors = validateClusterIPFields(spec);
  if (preErrors.length) return preErrors;
  const errors = singleStackPolicyErrors(spec);
  const families = asTexts(spec.ipFamilies);
  asTexts(spec.clusterIPs).forEach((ip, index) => {
    if (ip === 'None' || index < families.length) return;
    const family = isIPv6(ip) ? 'IPv6' : 'IPv4';
    if (family !== clusterFamily()) errors.push(fieldError.invalid(`spec.clusterIPs[${index}]`, asTexts(spec.clusterIPs), `${family} is not configured on this cluster`));
    else families.push(family);
  });
  spec.ipFamilies = families;
  if (errors.length) return errors;
  return headlessSelectorless ? headlessFamilies(spec) : checkFamiliesConfigured(spec);
}

function singleStackPolicyErrors(spec: JsonRecord): FieldError[] {
  if (spec.ipFamilyPolicy !== 'SingleStack') return [];
  const errors: FieldError[] = [];
  const invalid = (what: string) => fieldError.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy, `must be 'RequireDualStack' or 'PreferDualStack' when multiple ${what} are specified`);
  if (asTexts(spec.clusterIPs).length === 2) errors.push(invalid('cluster IPs'));
  if (asTexts(spec.ipFamilies).length === 2) errors.push(invalid('IP families'));
  return errors;
}

/** Headless without selector: kube allows both families even on a single-stack cluster. */
function headlessFamilies(spec: JsonRecord): FieldError[] {
  const families = asTexts(spec.ipFamilies);
  if (families.length === 0) families.push(clusterFamily());
  if (families.length < 2 && spec.ipFamilyPolicy !== 'SingleStack') families.push(families[0] === 'IPv4' ? 'IPv6' : 'IPv4');
  spec.ipFamilies = families;
  return [];
}

function checkFamiliesConfigured(spec: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  if (spec.ipFamilyPolicy === 'RequireDualStack') {
    errors.push(fieldError.invalid('spec.ipFamilyPolicy', spec.ipFamilyPolicy, 'this cluster is not configured for dual-stack services'));
  }
  asTexts(spec.ipFamilies).forEach((family, index) => {
    if (family !== clusterFamily()) errors.push(fieldError.invalid(`spec.ipFamilies[${index}]`, family, 'not configured on this cluster'));
  });
  if (errors.length) return errors;
  if (asTexts(spec.ipFamilies).length === 0) spec.ipFamilies = [clusterFamily()];
  return [];
}
