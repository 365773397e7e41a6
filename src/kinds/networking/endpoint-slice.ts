/**
 * discovery.k8s.io/v1 EndpointSlice: SetDefaults_EndpointPort (pkg/apis/discovery/v1/defaults.go)
 * and ValidateEndpointSliceCreate / ValidateEndpointSliceUpdate
 * (pkg/apis/discovery/validation/validation.go), kube v1.32. Hints are not validated here.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { parseIP, specialIPProblems, to4 } from '../../apimachinery/validation/ip-addresses.js';
import { validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { isDNS1123Subdomain } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asOptionalText, asOptionalTextMap, asRecord, asRecords, asText, isUnset, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { isFullyQualifiedDomainName, validateDNS1123Label, validateQualifiedName } from '../shared/formats.js';
import { validateImmutable } from '../shared/strategy.js';

const addressTypes = ['FQDN', 'IPv4', 'IPv6'];
const protocols = ['SCTP', 'TCP', 'UDP'];

/** SetDefaults_EndpointPort: an empty name and TCP. */
export function defaultEndpointSlice(object: KubeObject): void {
  for (const item of asList(object.ports)) {
    const port = asRecord(item);
    if (!port) continue;
    if (isUnset(port.name)) port.name = '';
    if (isUnset(port.protocol)) port.protocol = 'TCP';
    orderKeys(port, ['name', 'protocol', 'port', 'appProtocol']);
  }
}

/** ValidateEndpointSlice (ObjectMeta excluded): the address type, the endpoints, the ports. */
export function validateEndpointSlice(object: KubeObject): FieldError[] {
  const addressType = asText(object.addressType);
  const errors: FieldError[] = [];
  if (addressType === '') errors.push(fieldError.required('addressType'));
  else if (!addressTypes.includes(addressType)) errors.push(fieldError.notSupported('addressType', addressType, addressTypes));
  const endpoints = asRecords(object.endpoints);
  if (endpoints.length > 1000) errors.push(fieldError.tooMany('endpoints', endpoints.length, 1000));
  else endpoints.forEach((endpoint, index) => errors.push(...validateEndpoint(endpoint, addressType, `endpoints[${index}]`)));
  errors.push(...validatePorts(asRecords(object.ports)));
  return errors;
}

function validateEndpoint(endpoint: JsonRecord, addressType: string, path: string): FieldError[] {
  const addresses = asList(endpoint.addresses).map(asText);
  const errors: FieldError[] = [];
  if (addresses.length === 0) errors.push(fieldError.required(`${path}.addresses`, 'must contain at least 1 address'));
  else if (addresses.length > 100) errors.push(fieldError.tooMany(`${path}.addresses`, addresses.length, 100));
  addresses.forEach((address, index) => errors.push(...validateAddress(address, addressType, `${path}.addresses[${index}]`)));
  const nodeName = asOptionalText(endpoint.nodeName);
  if (nodeName !== undefined) errors.push(...isDNS1123Subdomain(nodeName).map((message) => fieldError.invalid(`${path}.nodeName`, nodeName, message)));
  const topology = asOptionalTextMap(endpoint.deprecatedTopology) ?? {};
  if (Object.keys(topology).length > 16) errors.push(fieldError.tooMany(`${path}.deprecatedTopology`, Object.keys(topology).length, 16));
  errors.push(...validateLabels(topology, `${path}.deprecatedTopology`));
  if ('topology.kubernetes.io/zone' in topology) {
    errors.push({ type: 'InternalError', field: `${path}.deprecatedTopology[topology.kubernetes.io/zone]`, detail: 'must be specified in `zone` field' });
  }
  const hostname = asOptionalText(endpoint.hostname);
  if (hostname !== undefined) errors.push(...validateDNS1123Label(hostname, `${path}.hostname`));
  return errors;
}

/** An address of the slice's type; unknown types are not checked. */
function validateAddress(address: string, addressType: string, path: string): FieldError[] {
  if (addressType === 'FQDN') return isFullyQualifiedDomainName(path, address);
  if (addressType !== 'IPv4' && addressType !== 'IPv6') return [];
  const ip = parseIP(address);
  const wantsIPv4 = addressType === 'IPv4';
  if (!ip || (to4(ip) !== null) !== wantsIPv4) return [fieldError.invalid(path, address, `must be a valid ${addressType} address`)];
  return specialIPProblems(address, ip).map((message) => fieldError.invalid(path, address, message));
}

/** validatePorts: at most 20000, names DNS labels and unique, a protocol, a qualified appProtocol. */
function validatePorts(ports: JsonRecord[]): FieldError[] {
  if (ports.length > 20000) return [fieldError.tooMany('ports', ports.length, 20000)];
  const names = new Set<string>();
  return ports.flatMap((port, index) => {
    const path = `ports[${index}]`;
    const name = asText(port.name);
    const errors = name.length > 0 ? validateDNS1123Label(name, `${path}.name`) : [];
    if (names.has(name)) errors.push(fieldError.duplicate(`${path}.name`, name));
    names.add(name);
    const protocol = asOptionalText(port.protocol);
    if (protocol === undefined) errors.push(fieldError.required(`${path}.protocol`));
    else if (!protocols.includes(protocol)) errors.push(fieldError.notSupported(`${path}.protocol`, protocol, protocols));
    const appProtocol = asOptionalText(port.appProtocol);
    if (appProtocol !== undefined) errors.push(...validateQualifiedName(appProtocol, `${path}.appProtocol`));
    return errors;
  });
}

export const endpointSliceSemantics: KindSemantics = {
  default: defaultEndpointSlice,
  validate: validateEndpointSlice,
  validateUpdate: (object, old) => [...validateEndpointSlice(object), ...validateImmutable(object.addressType, old.addressType, 'addressType')],
};
