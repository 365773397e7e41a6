/**
 * Resource names and requirements, after pkg/apis/core/validation (validateResourceRequirements,
 * validateContainerResourceName, ValidateResourceQuantityValue) and pkg/apis/core/helper
 * (IsStandardResourceName, IsNativeResource, IsOvercommitAllowed), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { compareQuantities, parseQuantity, quantityErrors, quantitySign, type Quantity } from '../../apimachinery/quantity.js';
import { isQualifiedName } from '../../apimachinery/validation/names.js';
import { asRecord, type JsonRecord } from '../json-values.js';

const standardContainerResources = new Set(['cpu', 'memory', 'ephemeral-storage']);
const standardResources = new Set([
  'cpu', 'memory', 'ephemeral-storage', 'requests.cpu', 'requests.memory', 'requests.ephemeral-storage', 'limits.cpu',
  'limits.memory', 'limits.ephemeral-storage', 'pods', 'services', 'replicationcontrollers', 'resourcequotas', 'secrets',
  'persistentvolumeclaims', 'configmaps', 'storage', 'requests.storage', 'services.nodeports', 'services.loadbalancers',
]);

/** helper.IsHugePageResourceName. */
export function isHugePageResourceName(name: string): boolean {
  return name.startsWith('hugepages-');
}

/** helper.IsNativeResource: no domain, or a kubernetes.io domain. */
export function isNativeResource(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** helper.IsOvercommitAllowed: native resources other than hugepages. */
export function isOvercommitAllowed(name: string): boolean {
  return isNativeResource(name) && !isHugePageResourceName(name);
}

function isStandardResourceName(name: string): boolean {
  return standardResources.has(name) || name.startsWith('requests.hugepages-');
}

function isExtendedResourceName(name: string): boolean {
  if (isNativeResource(name) || name.startsWith('requests.')) return false;
  return isQualifiedName(`requests.${name}`).length === 0;
}

/** validateResourceName: a qualified name, and a standard one unless it has a domain. */
export function validateResourceName(name: string, path: string): FieldError[] {
  const errors = isQualifiedName(name).map((message) => fieldError.invalid(path, name, message));
  if (errors.length) return errors;
  if (!name.includes('/') && !isStandardResourceName(name)) {
    return [fieldError.invalid(path, name, 'must be a standard resource type or fully qualified')];
  }
  return [];
}

/** validateContainerResourceName: kube reports both the generic and the container rule for an unknown bare name. */
export function validateContainerResourceName(name: string, path: string): FieldError[] {
  const errors = validateResourceName(name, path);
  if (!name.includes('/')) {
    if (!standardContainerResources.has(name) && !isHugePageResourceName(name)) {
      errors.push(fieldError.invalid(path, name, 'must be a standard resource for containers'));
    }
  } else if (!isNativeResource(name) && !isExtendedResourceName(name)) {
    errors.push(fieldError.invalid(path, name, "doesn't follow extended resource name standard"));
  }
  return errors;
}

/** A quantity of a resource map, or the field error kube's decoder would refuse it with. */
function quantityAt(list: JsonRecord, name: string, path: string): Quantity | FieldError {
  // kube refuses an unparsable quantity while decoding (a 400); here it is reported as a field error.
  return parseQuantity(list[name]) ?? fieldError.invalid(path, list[name], quantityErrors.format);
}

/** ValidateResourceQuantityValue's first rule: not negative (kube prints the canonical text). */
export function validateNonNegativeQuantity(quantity: Quantity, path: string): FieldError[] {
  return quantitySign(quantity) < 0 ? [fieldError.invalid(path, formatQuantity(quantity), 'must be greater than or equal to 0')] : [];
}

/** validateResourceRequirements for a container's `resources`, with kube's order: limits, then requests. */
export function validateContainerResources(resources: unknown, path: string): FieldError[] {
  const requirements = asRecord(resources) ?? {};
  const limits = asRecord(requirements.limits) ?? {};
  const requests = asRecord(requirements.requests) ?? {};
  const errors: FieldError[] = [];
  const parsedLimits = new Map<string, Quantity>();
  for (const name of Object.keys(limits)) {
    const entryPath = `${path}.limits[${name}]`;
    errors.push(...validateContainerResourceName(name, entryPath));
    const quantity = quantityAt(limits, name, entryPath);
    if ('type' in quantity) errors.push(quantity);
    else {
      parsedLimits.set(name, quantity);
      errors.push(...validateNonNegativeQuantity(quantity, entryPath));
    }
  }
  for (const name of Object.keys(requests)) errors.push(...validateRequest(requests, name, parsedLimits, path));
  errors.push(...hugePagesNeedCpuOrMemory(limits, requests, path));
  return errors;
}

function validateRequest(requests: JsonRecord, name: string, limits: Map<string, Quantity>, path: string): FieldError[] {
  const entryPath = `${path}.requests[${name}]`;
  const errors = validateContainerResourceName(name, entryPath);
  const quantity = quantityAt(requests, name, entryPath);
  if ('type' in quantity) return [...errors, quantity];
  errors.push(...validateNonNegativeQuantity(quantity, entryPath));
  const limit = limits.get(name);
  const text = formatQuantity(quantity);
  // Note kube's path here: the whole requests map, not the entry.
  if (limit && compareQuantities(quantity, limit) !== 0 && !isOvercommitAllowed(name)) {
    errors.push(fieldError.invalid(`${path}.requests`, text, `must be equal to ${name} limit of ${formatQuantity(limit)}`));
  } else if (limit && compareQuantities(quantity, limit) > 0) {
    errors.push(fieldError.invalid(`${path}.requests`, text, `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
  } else if (!limit && !isOvercommitAllowed(name)) {
    errors.push(fieldError.required(`${path}.limits`, 'Limit must be set for non overcommitable resources'));
  }
  return errors;
}

function hugePagesNeedCpuOrMemory(limits: JsonRecord, requests: JsonRecord, path: string): FieldError[] {
  const names = [...Object.keys(limits), ...Object.keys(requests)];
  const hugePages = names.some(isHugePageResourceName);
  const cpuOrMemory = names.some((name) => name === 'cpu' || name === 'memory');
  return hugePages && !cpuOrMemory ? [fieldError.forbidden(path, 'HugePages require cpu or memory')] : [];
}
