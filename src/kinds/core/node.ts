/**
 * Node (core/v1): SetDefaults_NodeStatus (allocatable defaults to capacity), the status structs Go
 * always writes, ValidateNode and ValidateNodeUpdate (pkg/apis/core/validation, kube v1.32):
 * taints, pod CIDRs, non-negative capacity, immutable podCIDRs, providerID and externalID.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { parseQuantity, quantitySign } from '../../apimachinery/quantity.js';
import { isQualifiedName, isValidLabelValue } from '../../apimachinery/validation/names.js';
import { sameJson } from '../json-equality.js';
import { asRecord, asRecords, asText, asTexts, cloneJson, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { isIPv6, validateCIDR } from '../../apimachinery/validation/ip-addresses.js';
import { defaultResourceList } from './resource-list.js';

const statusOrder = [
  'capacity', 'allocatable', 'phase', 'conditions', 'addresses', 'daemonEndpoints', 'nodeInfo', 'images', 'volumesInUse',
  'volumesAttached', 'config', 'runtimeHandlers', 'features',
];
const nodeInfoFields = [
  'machineID', 'systemUUID', 'bootID', 'kernelVersion', 'osImage', 'containerRuntimeVersion', 'kubeletVersion', 'kubeProxyVersion',
  'operatingSystem', 'architecture',
];
const taintEffects = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** The status as Go writes it: daemonEndpoints and nodeInfo are structs, always present. */
function defaultNodeStatus(status: JsonRecord): void {
  if (asRecord(status.capacity) && status.allocatable === undefined) status.allocatable = cloneJson(status.capacity);
  defaultResourceList(status.capacity);
  defaultResourceList(status.allocatable);
  const endpoint = ensureRecord(ensureRecord(status, 'daemonEndpoints'), 'kubeletEndpoint');
  setDefault(endpoint, 'Port', 0);
  const info = ensureRecord(status, 'nodeInfo');
  for (const field of nodeInfoFields) setDefault(info, field, '');
  orderKeys(info, nodeInfoFields);
  orderKeys(status, statusOrder);
}

/** validateNodeTaints; kube's path for spec taints is `metadata.taints` (it builds it from the metadata path). */
function validateTaints(taints: unknown, path: string): FieldError[] {
  const seen = new Set<string>();
  return asRecords(taints).flatMap((taint, index) => {
    const itemPath = `${path}[${index}]`;
    const key = asText(taint.key);
    const value = asText(taint.value);
    const effect = asText(taint.effect);
    const errors = isQualifiedName(key).map((message) => fieldError.invalid(`${itemPath}.key`, key, message));
    const valueMessages = isValidLabelValue(value);
    if (valueMessages.length) errors.push(fieldError.invalid(`${itemPath}.value`, value, valueMessages.join(';')));
    if (!effect) errors.push(fieldError.required(`${itemPath}.effect`));
    else if (!taintEffects.includes(effect)) errors.push(fieldError.notSupported(`${itemPath}.effect`, effect, taintEffects));
    const identity = `${effect}\u0000${key}`;
    if (seen.has(identity)) {
      const literal = new GoLiteral(`core.Taint{Key:${goQuote(key)}, Value:${goQuote(value)}, Effect:${goQuote(effect)}, TimeAdded:<nil>}`);
      errors.push({ ...fieldError.duplicate(itemPath, literal), detail: 'taints must be unique by key and effect pair' });
    } else seen.add(identity);
    return errors;
  });
}

function validatePodCIDRs(spec: JsonRecord): FieldError[] {
  const cidrs = asTexts(spec.podCIDRs);
  const errors = cidrs.flatMap((cidr, index) => validateCIDR(cidr, `spec.podCIDRs[${index}]`));
  if (cidrs.length > 1 && !errors.length) {
    const families = new Set(cidrs.map((cidr) => isIPv6(cidr.split('/')[0]!)));
    if (families.size !== 2 || cidrs.length > 2) errors.push(fieldError.invalid('spec.podCIDRs', cidrs, 'may specify no more than one CIDR for each IP family'));
    cidrs.forEach((cidr, index) => {
      if (cidrs.indexOf(cidr) !== index) errors.push(fieldError.duplicate(`spec.podCIDRs[${index}]`, cidr));
    });
  }
  return errors;
}

/** ValidateNodeResources: capacity and allocatable are not negative (path `status.capacity.<name>`). */
function validateNodeResources(status: JsonRecord): FieldError[] {
  return ['capacity', 'allocatable'].flatMap((list) =>
    Object.entries(asRecord(status[list]) ?? {}).flatMap(([name, value]) => {
      const quantity = parseQuantity(value);
      return quantity && quantitySign(quantity) < 0
        ? [fieldError.invalid(`status.${list}.${name}`, formatQuantity(quantity), 'must be greater than or equal to 0')]
        : [];
    }));
}

function validateNode(node: JsonRecord): FieldError[] {
  const spec = asRecord(node.spec) ?? {};
  return [...validateTaints(spec.taints, 'metadata.taints'), ...validateNodeResources(asRecord(node.status) ?? {}), ...validatePodCIDRs(spec)];
}

function validateNodeUpdate(node: JsonRecord, old: JsonRecord): FieldError[] {
  const spec = asRecord(node.spec) ?? {};
  const oldSpec = asRecord(old.spec) ?? {};
  const status = asRecord(node.status) ?? {};
  const errors = validateNodeResources(status);
  const addresses = asRecords(status.addresses);
  addresses.forEach((address, index) => {
    if (addresses.slice(0, index).some((other) => sameJson(other, address))) {
      errors.push(fieldError.duplicate(`status.addresses[${index}]`, new GoLiteral(`core.NodeAddress{Type:${goQuote(asText(address.type))}, Address:${goQuote(asText(address.address))}}`)));
    }
  });
  const oldCIDRs = asTexts(oldSpec.podCIDRs);
  const cidrs = asTexts(spec.podCIDRs);
  const cidrMessage = 'node updates may not change podCIDR except from "" to valid';
  if (oldCIDRs.length && oldCIDRs.length !== cidrs.length) errors.push(fieldError.forbidden('spec.podCIDRs', cidrMessage));
  else {
    for (const [index, cidr] of oldCIDRs.entries()) if (cidr !== cidrs[index]) errors.push(fieldError.forbidden('spec.podCIDRs', cidrMessage));
  }
  if (asText(oldSpec.providerID) && oldSpec.providerID !== spec.providerID) {
    errors.push(fieldError.forbidden('spec.providerID', 'node updates may not change providerID except from "" to valid'));
  }
  errors.push(...validateTaints(spec.taints, 'metadata.taints'));
  if (asText(spec.externalID) !== asText(oldSpec.externalID)) errors.push(fieldError.forbidden('spec.externalID', 'may not be updated'));
  return errors;
}

/** The Node kind's semantics. */
export const node: KindSemantics = {
  default(object) {
    defaultNodeStatus(ensureRecord(object as JsonRecord, 'status'));
    const spec = asRecord(object.spec);
    if (spec) orderKeys(spec, ['podCIDR', 'podCIDRs', 'providerID', 'unschedulable', 'taints', 'configSource', 'externalID']);
  },
  // kube's node strategy keeps a new Node's status (kubelets register with it); the generic strategy empties it first.
  keepStatusOnCreate: true,
  prepareForCreate: (object) => defaultNodeStatus(ensureRecord(object as JsonRecord, 'status')),
  prepareForUpdate: (object) => defaultNodeStatus(ensureRecord(object as JsonRecord, 'status')),
  validate: (object) => validateNode(object as JsonRecord),
  validateUpdate: (object, old) => validateNodeUpdate(object as JsonRecord, old as JsonRecord),
};
