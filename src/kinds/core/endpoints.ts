/**
 * Endpoints (core/v1): SetDefaults_Endpoints (port protocol TCP) and ValidateEndpoints
 * (pkg/apis/core/validation, kube v1.32): each subset has addresses, each address a usable IP,
 * each port a valid number, protocol and (when several) a name.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isDNS1123Label, isQualifiedName } from '../../apimachinery/validation/names.js';
import { validateName } from '../../apimachinery/validation/object-meta.js';
import { asRecords, asText, orderEach, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateProtocol } from './container-validation.js';
import { validateIP, validateNonSpecialIP } from '../../apimachinery/validation/ip-addresses.js';
import { isValidPortNum } from '../../apimachinery/validation/ports.js';

const subsetOrder = ['addresses', 'notReadyAddresses', 'ports'];
const addressOrder = ['ip', 'hostname', 'nodeName', 'targetRef'];
const portOrder = ['name', 'port', 'protocol', 'appProtocol'];

function defaultEndpoints(endpoints: JsonRecord): void {
  for (const subset of asRecords(endpoints.subsets)) {
    for (const port of asRecords(subset.ports)) setDefault(port, 'protocol', 'TCP');
    orderEach(subset, 'addresses', addressOrder);
    orderEach(subset, 'notReadyAddresses', addressOrder);
    orderEach(subset, 'ports', portOrder);
    orderKeys(subset, subsetOrder);
  }
}

/** validateEndpointAddress: an IP (checked twice over, as kube does), a DNS label hostname, a node name. */
function validateAddress(address: JsonRecord, path: string): FieldError[] {
  const ip = asText(address.ip);
  const errors = validateIP(ip, `${path}.ip`);
  const hostname = asText(address.hostname);
  if (hostname) errors.push(...isDNS1123Label(hostname).map((message) => fieldError.invalid(`${path}.hostname`, hostname, message)));
  if (typeof address.nodeName === 'string') {
    errors.push(...validateName('subdomain', address.nodeName, false).map((message) => fieldError.invalid(`${path}.nodeName`, address.nodeName, message)));
  }
  return [...errors, ...validateNonSpecialIP(ip, `${path}.ip`)];
}

function validatePort(port: JsonRecord, requireName: boolean, path: string): FieldError[] {
  const name = asText(port.name);
  const errors: FieldError[] = [];
  if (requireName && !name) errors.push(fieldError.required(`${path}.name`));
  else if (name) errors.push(...isDNS1123Label(name).map((message) => fieldError.invalid(`${path}.name`, name, message)));
  const number = typeof port.port === 'number' ? port.port : 0;
  errors.push(...isValidPortNum(number).map((message) => fieldError.invalid(`${path}.port`, number, message)));
  errors.push(...validateProtocol(port.protocol, `${path}.protocol`));
  if (typeof port.appProtocol === 'string') {
    errors.push(...isQualifiedName(port.appProtocol).map((message) => fieldError.invalid(`${path}.appProtocol`, port.appProtocol, message)));
  }
  return errors;
}

function validateEndpoints(endpoints: JsonRecord): FieldError[] {
  return asRecords(endpoints.subsets).flatMap((subset, index) => {
    const path = `subsets[${index}]`;
    const addresses = asRecords(subset.addresses);
    const notReady = asRecords(subset.notReadyAddresses);
    const ports = asRecords(subset.ports);
    const errors = addresses.length || notReady.length ? [] : [fieldError.required(path, 'must specify `addresses` or `notReadyAddresses`')];
    addresses.forEach((address, at) => errors.push(...validateAddress(address, `${path}.addresses[${at}]`)));
    notReady.forEach((address, at) => errors.push(...validateAddress(address, `${path}.notReadyAddresses[${at}]`)));
    ports.forEach((port, at) => errors.push(...validatePort(port, ports.length > 1, `${path}.ports[${at}]`)));
    return errors;
  });
}

/** The Endpoints kind's semantics. */
export const endpoints: KindSemantics = {
  default: (object) => defaultEndpoints(object as JsonRecord),
  validate: (object) => validateEndpoints(object as JsonRecord),
  validateUpdate: (object) => validateEndpoints(object as JsonRecord),
};
