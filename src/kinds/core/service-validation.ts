/**
 * ValidateService and ValidateServiceUpdate (pkg/apis/core/validation, kube v1.32), in kube's
 * order. Cluster-IP rules live in service-ip-validation.ts.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName } from '../../apimachinery/validation/names.js';
import { asRecord, asRecords, asText, asTextMap, asTexts, type JsonRecord } from '../json-values.js';
import { validateProtocol } from './container-validation.js';
import { nilValue } from './go-values.js';
import { validateCIDR, validateIP, validateNonSpecialIP } from '../../apimachinery/validation/ip-addresses.js';
import { isValidPortNum, validatePortNumberOrName } from '../../apimachinery/validation/ports.js';
import { isHeadless, validateClusterIPFields, validateClusterIPsUpdate, validateIPFamiliesUpdate } from './service-ip-validation.js';

const serviceTypes = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];
const topologyMode = 'service.kubernetes.io/topology-mode';
const topologyHints = 'service.kubernetes.io/topology-aware-hints';
const sourceRangesAnnotation = 'service.beta.kubernetes.io/load-balancer-source-ranges';

/** apiservice.ExternallyAccessible. */
export function externallyAccessible(spec: JsonRecord): boolean {
  return spec.type === 'LoadBalancer' || spec.type === 'NodePort' || (spec.type === 'ClusterIP' && asTexts(spec.externalIPs).length > 0);
}

/** apiservice.NeedsHealthCheck: a LoadBalancer with externalTrafficPolicy Local. */
export function needsHealthCheck(spec: JsonRecord): boolean {
  return spec.type === 'LoadBalancer' && spec.externalTrafficPolicy === 'Local';
}

/** ValidateService without ObjectMeta (the generic strategy checks that). */
export function validateService(service: JsonRecord): FieldError[] {
  const spec = asRecord(service.spec) ?? {};
  const annotations = asTextMap(asRecord(service.metadata)?.annotations);
  const errors: FieldError[] = [];
  if (topologyMode in annotations && topologyHints in annotations && annotations[topologyMode] !== annotations[topologyHints]) {
    errors.push(fieldError.invalid(`metadata.annotations[${topologyMode}]`, annotations[topologyMode], `must match annotations[${topologyHints}] when both are specified`));
  }
  const ports = asRecords(spec.ports);
  if (ports.length === 0 && !isHeadless(spec) && spec.type !== 'ExternalName') errors.push(fieldError.required('spec.ports'));
  errors.push(...validateTypeSpecifics(spec));
  const names = new Set<string>();
  ports.forEach((port, index) => errors.push(...validateServicePort(port, ports.length > 1, names, `spec.ports[${index}]`)));
  if (spec.selector !== undefined && spec.selector !== null) errors.push(...validateLabels(asTextMap(spec.selector), 'spec.selector'));
  errors.push(...validateSessionAffinity(spec));
  errors.push(...validateClusterIPFields(spec));
  asTexts(spec.externalIPs).forEach((ip, index) => {
    const path = `spec.externalIPs[${index}]`;
    const ipErrors = validateIP(ip, path);
    errors.push(...(ipErrors.length ? ipErrors : validateNonSpecialIP(ip, path)));
  });
  if (!spec.type) errors.push(fieldError.required('spec.type'));
  else if (!serviceTypes.includes(asText(spec.type))) errors.push(fieldError.notSupported('spec.type', spec.type, serviceTypes));
  if (spec.type === 'ClusterIP') {
    ports.forEach((port, index) => {
      if (port.nodePort) errors.push(fieldError.forbidden(`spec.ports[${index}].nodePort`, "may not be used when `type` is 'ClusterIP'"));
    });
  }
  errors.push(...duplicatePorts(ports));
  errors.push(...validateLoadBalancerFields(spec, annotations));
  errors.push(...validateTrafficPolicies(spec));
  return errors;
}

function validateTypeSpecifics(spec: JsonRecord): FieldError[] {
  if ((spec.type === 'LoadBalancer' || spec.type === 'NodePort') && isHeadless(spec)) {
    return [fieldError.invalid('spec.clusterIPs[0]', 'None', `may not be set to 'None' for ${asText(spec.type)} services`)];
  }
  if (spec.type !== 'ExternalName') return [];
  const errors: FieldError[] = [];
  if (asTexts(spec.clusterIPs).length) errors.push(fieldError.forbidden('spec.clusterIPs', 'may not be set for ExternalName services'));
  if (asTexts(spec.ipFamilies).length) errors.push(fieldError.forbidden('spec.ipFamilies', 'may not be set for ExternalName services'));
  if (spec.ipFamilyPolicy !== undefined && spec.ipFamilyPolicy !== null) errors.push(fieldError.forbidden('spec.ipFamilyPolicy', 'may not be set for ExternalName services'));
  // A CNAME may end in a dot.
  const name = asText(spec.externalName).replace(/\.$/, '');
  if (!name) errors.push(fieldError.required('spec.externalName'));
  else errors.push(...isDNS1123Subdomain(name).map((message) => fieldError.invalid('spec.externalName', name, message)));
  return errors;
}

/** validateServicePort: names required when several and unique DNS labels; port, protocol, targetPort, appProtocol. */
function validateServicePort(port: JsonRecord, requireName: boolean, names: Set<string>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const name = asText(port.name);
  if (requireName && !name) errors.push(fieldError.required(`${path}.name`));
  else if (name) {
    errors.push(...isDNS1123Label(name).map((message) => fieldError.invalid(`${path}.name`, name, message)));
    if (names.has(name)) errors.push(fieldError.duplicate(`${path}.name`, name));
    else names.add(name);
  }
  const number = typeof port.port === 'number' ? port.port : 0;
  errors.push(...isValidPortNum(number).map((message) => fieldError.invalid(`${path}.port`, number, message)));
  errors.push(...validateProtocol(port.protocol, `${path}.protocol`));
  errors.push(...validatePortNumberOrName(port.targetPort, `${path}.targetPort`));
  if (typeof port.appProtocol === 'string') {
    errors.push(...isQualifiedName(port.appProtocol).map((message) => fieldError.invalid(`${path}.appProtocol`, port.appProtocol, message)));
  }
  return errors;
}

const maxAffinitySeconds = 86400;

function validateSessionAffinity(spec: JsonRecord): FieldError[] {
  const affinity = asText(spec.sessionAffinity);
  if (!affinity) return [fieldError.required('spec.sessionAffinity')];
  if (affinity !== 'ClientIP' && affinity !== 'None') return [fieldError.notSupported('spec.sessionAffinity', affinity, ['ClientIP', 'None'])];
  const config = asRecord(spec.sessionAffinityConfig);
  const path = 'spec.sessionAffinityConfig';
  if (affinity === 'None') return config ? [fieldError.forbidden(path, 'must not be set when session affinity is None')] : [];
  const detail = 'when session affinity type is ClientIP';
  if (!config) return [fieldError.required(path, detail)];
  const clientIP = asRecord(config.clientIP);
  if (!clientIP) return [fieldError.required(`${path}.clientIP`, detail)];
  const timeout = clientIP.timeoutSeconds;
  if (typeof timeout !== 'number') return [fieldError.required(`${path}.clientIP.timeoutSeconds`, detail)];
  if (timeout <= 0 || timeout > maxAffinitySeconds) {
    return [fieldError.invalid(`${path}.clientIP.timeoutSeconds`, timeout, `must be greater than 0 and less than ${maxAffinitySeconds}`)];
  }
  return [];
}

/** Duplicate (protocol, nodePort) and (protocol, port) pairs; kube prints the second key as a %#v core.ServicePort. */
function duplicatePorts(ports: JsonRecord[]): FieldError[] {
  const errors: FieldError[] = [];
  const nodePorts = new Set<string>();
  ports.forEach((port, index) => {
    if (!port.nodePort) return;
    const key = `${asText(port.protocol)}/${String(port.nodePort)}`;
    if (nodePorts.has(key)) errors.push(fieldError.duplicate(`spec.ports[${index}].nodePort`, port.nodePort));
    nodePorts.add(key);
  });
  const seen = new Set<string>();
  ports.forEach((port, index) => {
    const number = typeof port.port === 'number' ? port.port : 0;
    const key = `${asText(port.protocol)}/${number}`;
    if (seen.has(key)) errors.push(fieldError.duplicate(`spec.ports[${index}]`, servicePortLiteral(asText(port.protocol), number)));
    seen.add(key);
  });
  return errors;
}

function servicePortLiteral(protocol: string, port: number): GoLiteral {
  return new GoLiteral(
    `core.ServicePort{Name:"", Protocol:${goQuote(protocol)}, AppProtocol:(*string)(nil), Port:${port}, TargetPort:intstr.IntOrString{Type:0, IntVal:0, StrVal:""}, NodePort:0}`,
  );
}

function validateLoadBalancerFields(spec: JsonRecord, annotations: Record<string, string>): FieldError[] {
  const errors: FieldError[] = [];
  const loadBalancer = spec.type === 'LoadBalancer';
  const ranges = asTexts(spec.loadBalancerSourceRanges);
  const onlyForLoadBalancer = "may only be used when `type` is 'LoadBalancer'";
  // kube's path spells the field with a capital L.
  if (ranges.length) {
    if (!loadBalancer) errors.push(fieldError.forbidden('spec.LoadBalancerSourceRanges', onlyForLoadBalancer));
    ranges.forEach((range, index) => errors.push(...validateCIDR(range.trim(), `spec.LoadBalancerSourceRanges[${index}]`)));
  } else if (sourceRangesAnnotation in annotations) {
    const path = `metadata.annotations[${sourceRangesAnnotation}]`;
    if (!loadBalancer) errors.push(fieldError.forbidden(path, onlyForLoadBalancer));
    const value = annotations[sourceRangesAnnotation]!.trim();
    if (value) for (const range of value.split(',')) errors.push(...validateCIDR(range.trim(), path));
  }
  if (spec.allocateLoadBalancerNodePorts !== undefined && spec.allocateLoadBalancerNodePorts !== null && !loadBalancer) {
    errors.push(fieldError.forbidden('spec.allocateLoadBalancerNodePorts', onlyForLoadBalancer));
  }
  // kube's path for this one has no `spec.`.
  if (loadBalancer && (spec.allocateLoadBalancerNodePorts === undefined || spec.allocateLoadBalancerNodePorts === null)) {
    errors.push(fieldError.required('allocateLoadBalancerNodePorts'));
  }
  const className = spec.loadBalancerClass;
  if (typeof className === 'string' && loadBalancer) errors.push(...isQualifiedName(className).map((message) => fieldError.invalid('spec.loadBalancerClass', className, message)));
  else if (className !== undefined && className !== null && !loadBalancer) errors.push(fieldError.forbidden('spec.loadBalancerClass', onlyForLoadBalancer));
  return errors;
}

function validateTrafficPolicies(spec: JsonRecord): FieldError[] {
  const errors: FieldError[] = [];
  const external = asText(spec.externalTrafficPolicy);
  if (!externallyAccessible(spec)) {
    if (external) errors.push(fieldError.invalid('spec.externalTrafficPolicy', external, 'may only be set for externally-accessible services'));
  } else if (!external) errors.push(fieldError.required('spec.externalTrafficPolicy'));
  else if (external !== 'Cluster' && external !== 'Local') errors.push(fieldError.notSupported('spec.externalTrafficPolicy', external, ['Cluster', 'Local']));
  const healthPort = typeof spec.healthCheckNodePort === 'number' ? spec.healthCheckNodePort : 0;
  if (!needsHealthCheck(spec)) {
    if (healthPort) errors.push(fieldError.invalid('spec.healthCheckNodePort', healthPort, "may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'"));
  } else if (!healthPort) errors.push(fieldError.required('spec.healthCheckNodePort'));
  else errors.push(...isValidPortNum(healthPort).map((message) => fieldError.invalid('spec.healthCheckNodePort', healthPort, message)));
  const internal = spec.internalTrafficPolicy;
  if ((internal === undefined || internal === null) && ['NodePort', 'LoadBalancer', 'ClusterIP'].includes(asText(spec.type))) {
    errors.push(fieldError.required('spec.internalTrafficPolicy'));
  } else if (internal !== undefined && internal !== null && internal !== 'Cluster' && internal !== 'Local') {
    errors.push(fieldError.notSupported('spec.internalTrafficPolicy', internal, ['Cluster', 'Local']));
  }
  const distribution = spec.trafficDistribution;
  if (distribution !== undefined && distribution !== null && distribution !== 'PreferClose') {
    errors.push(fieldError.notSupported('spec.trafficDistribution', distribution, ['PreferClose']));
  }
  return errors;
}

/** ValidateServiceUpdate without ObjectMeta: cluster IPs and families keep their primary, class and health port stay. */
export function validateServiceUpdate(service: JsonRecord, old: JsonRecord): FieldError[] {
  const spec = asRecord(service.spec) ?? {};
  const oldSpec = asRecord(old.spec) ?? {};
  const errors = [...validateClusterIPsUpdate(spec, oldSpec), ...validateIPFamiliesUpdate(spec, oldSpec)];
  if (spec.type === 'LoadBalancer' && oldSpec.type === 'LoadBalancer' && (spec.loadBalancerClass ?? null) !== (oldSpec.loadBalancerClass ?? null)) {
    errors.push(fieldError.invalid('spec.loadBalancerClass', spec.loadBalancerClass ?? nilValue, 'may not change once set'));
  }
  if (needsHealthCheck(spec) && needsHealthCheck(oldSpec) && spec.healthCheckNodePort !== oldSpec.healthCheckNodePort) {
    errors.push(fieldError.forbidden('spec.healthCheckNodePort', 'field is immutable'));
  }
  return [...errors, ...validateService(service)];
}
