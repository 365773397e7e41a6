/**
 * networking.k8s.io/v1 NetworkPolicy: SetDefaults_NetworkPolicy and SetDefaults_NetworkPolicyPort
 * (pkg/apis/networking/v1/defaults.go) and ValidateNetworkPolicySpec
 * (pkg/apis/networking/validation/validation.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isStrictSubnet, parseCIDR, to4, type Cidr } from '../../apimachinery/validation/ip-addresses.js';
import { isValidPortNum } from '../../apimachinery/validation/ports.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asOptionalText, asRecord, asRecords, asText, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { isValidWorkloadPortName } from '../shared/formats.js';
import { goStringSlice } from '../shared/go-literals.js';
import { labelSelectorHasInvalidValue, validateLabelSelector, type LabelSelectorOptions } from '../shared/label-selector.js';
import { specForWrite, specOf } from '../shared/strategy.js';

/** Policies without policyTypes apply to Ingress, and to Egress too when egress rules exist; ports default to TCP. */
export function defaultNetworkPolicy(object: KubeObject): void {
  const spec = specForWrite(object);
  for (const rule of [...asRecords(spec.ingress), ...asRecords(spec.egress)]) {
    for (const port of asList(rule.ports)) {
      const value = asRecord(port);
      if (value && !value.protocol) value.protocol = 'TCP';
    }
  }
  if (asList(spec.policyTypes).length === 0) spec.policyTypes = asList(spec.egress).length > 0 ? ['Ingress', 'Egress'] : ['Ingress'];
  orderKeys(spec, ['podSelector', 'ingress', 'egress', 'policyTypes']);
}

/** ValidateNetworkPolicySpec: the pod selector, each rule's ports and peers, the policy types. */
export function validateNetworkPolicySpec(spec: JsonRecord, path: string, options: LabelSelectorOptions = {}): FieldError[] {
  const errors = validateLabelSelector(asRecord(spec.podSelector) ?? {}, `${path}.podSelector`, options);
  for (const [direction, peersKey] of [['ingress', 'from'], ['egress', 'to']] as const) {
    asRecords(spec[direction]).forEach((rule, index) => {
      const rulePath = `${path}.${direction}[${index}]`;
      asRecords(rule.ports).forEach((port, portIndex) => errors.push(...validatePort(port, `${rulePath}.ports[${portIndex}]`)));
      asRecords(rule[peersKey]).forEach((peer, peerIndex) => errors.push(...validatePeer(peer, `${rulePath}.${peersKey}[${peerIndex}]`, options)));
    });
  }
  const policyTypes = asList(spec.policyTypes);
  if (policyTypes.length > 2) {
    return [...errors, fieldError.invalid(`${path}.policyTypes`, goStringSlice(spec.policyTypes, '[]networking.PolicyType'), 'may not specify more than two policyTypes')];
  }
  policyTypes.forEach((type, index) => {
    const value = asText(type);
    if (value !== 'Ingress' && value !== 'Egress') errors.push(fieldError.notSupported(`${path}.policyTypes[${index}]`, value, ['Ingress', 'Egress']));
  });
  return errors;
}

/** ValidateNetworkPolicyPort: protocol, a port number or name, and an endPort only after a number. */
function validatePort(port: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const protocol = asOptionalText(port.protocol);
  if (protocol !== undefined && !['TCP', 'UDP', 'SCTP'].includes(protocol)) errors.push(fieldError.notSupported(`${path}.protocol`, protocol, ['TCP', 'UDP', 'SCTP']));
  const endPort = typeof port.endPort === 'number' ? port.endPort : undefined;
  if (typeof port.port === 'number') {
    errors.push(...isValidPortNum(port.port).map((message) => fieldError.invalid(`${path}.port`, port.port, message)));
    if (endPort !== undefined) {
      if (endPort < port.port) errors.push(fieldError.invalid(`${path}.endPort`, endPort, 'must be greater than or equal to `port`'));
      errors.push(...isValidPortNum(endPort).map((message) => fieldError.invalid(`${path}.endPort`, endPort, message)));
    }
  } else if (typeof port.port === 'string') {
    if (endPort !== undefined) errors.push(fieldError.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is non-numeric'));
    const name = port.port;
    errors.push(...isValidWorkloadPortName(name).map((message) => fieldError.invalid(`${path}.port`, name, message)));
  } else if (endPort !== undefined) errors.push(fieldError.invalid(`${path}.endPort`, endPort, 'may not be specified when `port` is not specified'));
  return errors;
}

/** ValidateNetworkPolicyPeer: at least one of the selectors or an ipBlock, and an ipBlock alone. */
function validatePeer(peer: JsonRecord, path: string, options: LabelSelectorOptions): FieldError[] {
  const errors: FieldError[] = [];
  let peers = 0;
  for (const key of ['podSelector', 'namespaceSelector']) {
    if (!asRecord(peer[key])) continue;
    peers++;
    errors.push(...validateLabelSelector(peer[key], `${path}.${key}`, options));
  }
  const ipBlock = asRecord(peer.ipBlock);
  if (ipBlock) {
    peers++;
    errors.push(...validateIPBlock(ipBlock, `${path}.ipBlock`));
  }
  if (peers === 0) errors.push(fieldError.required(path, 'must specify a peer'));
  else if (peers > 1 && ipBlock) errors.push(fieldError.forbidden(path, 'may not specify both ipBlock and another peer'));
  return errors;
}

/**
 * ParseCIDRSloppy as an ipBlock is checked here. Stricter than kube in two corners, kept so that
 * behaviour does not change: a prefix of more than three digits (`/0024`) and an IPv4-mapped IPv6
 * network with a prefix above 32 are refused; Go accepts both.
 */
function parseIPBlockCIDR(text: string): Cidr | null {
  const cidr = parseCIDR(text);
  if (!cidr || text.length - text.indexOf('/') - 1 > 3) return null;
  return to4(cidr.bytes) && cidr.prefix > 32 ? null : cidr;
}

/** ValidateIPBlock: a CIDR, and excepts strictly inside it (the first bad except stops the check). */
function validateIPBlock(ipBlock: JsonRecord, path: string): FieldError[] {
  const text = asText(ipBlock.cidr);
  if (text === '') return [fieldError.required(`${path}.cidr`)];
  const cidr = parseIPBlockCIDR(text);
  if (!cidr) return [fieldError.invalid(`${path}.cidr`, text, 'not a valid CIDR')];
  const errors: FieldError[] = [];
  for (const [index, item] of asList(ipBlock.except).entries()) {
    const exceptText = asText(item);
    const except = parseIPBlockCIDR(exceptText);
    if (!except) return [...errors, fieldError.invalid(`${path}.except[${index}]`, exceptText, 'not a valid CIDR')];
    if (!isStrictSubnet(cidr, except)) errors.push(fieldError.invalid(`${path}.except[${index}]`, exceptText, 'must be a strict subset of `cidr`'));
  }
  return errors;
}

export const networkPolicySemantics: KindSemantics = {
  default: defaultNetworkPolicy,
  validate: (object) => validateNetworkPolicySpec(specOf(object), 'spec'),
  // ValidationOptionsForNetworking: invalid selector values the old podSelector had stay allowed.
  validateUpdate: (object, old) => validateNetworkPolicySpec(specOf(object), 'spec', {
    allowInvalidLabelValue: labelSelectorHasInvalidValue(specOf(old).podSelector),
  }),
};
