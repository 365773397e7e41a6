/**
 * HorizontalPodAutoscaler metrics as pkg/apis/autoscaling/validation/validation.go (v1.32)
 * validates them on the internal (v2-shaped) type: validateMetricSpec and its per-source checks.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import { asNumber, asOptionalText, asRecord, asRecords, asText, isUnset, type JsonRecord } from '../json-values.js';
import { validateDNS1123Label, validateQualifiedName } from '../shared/formats.js';

const sourceTypes = ['ContainerResource', 'External', 'Object', 'Pods', 'Resource'];
/** JSON field of each source type, in the order kube looks at them. */
const sourceFields: Record<string, string> = { Object: 'object', External: 'external', Pods: 'pods', Resource: 'resource', ContainerResource: 'containerResource' };

/** validateMetrics: each metric; minReplicas 0 needs an Object or External metric. */
export function validateMetrics(metrics: unknown, minReplicas: number | undefined, path: string): FieldError[] {
  const list = asRecords(metrics);
  const errors = list.flatMap((metric, index) => validateMetricSpec(metric, `${path}[${index}]`));
  if (minReplicas === 0 && !list.some((metric) => metric.type === 'Object' || metric.type === 'External')) {
    errors.push(fieldError.forbidden(path, 'must specify at least one Object or External metric to support scaling to zero replicas'));
  }
  return errors;
}

/**
 * validateMetricSpec. Quirk: an unknown type is reported twice as NotSupported (once up front,
 * once by the switch), and only the first source present is validated.
 */
function validateMetricSpec(metric: JsonRecord, path: string): FieldError[] {
  const type = asText(metric.type);
  const errors: FieldError[] = [];
  if (type === '') errors.push(fieldError.required(`${path}.type`, 'must specify a metric source type'));
  if (!sourceTypes.includes(type)) errors.push(fieldError.notSupported(`${path}.type`, type, sourceTypes));
  const present = Object.values(sourceFields).filter((field) => asRecord(metric[field]));
  if (present.length > 0) errors.push(...validateSource(present[0]!, asRecord(metric[present[0]!])!, `${path}.${present[0]}`));
  const expected = sourceFields[type];
  if (expected === undefined) errors.push(fieldError.notSupported(`${path}.type`, type, sourceTypes));
  else if (!asRecord(metric[expected])) errors.push(fieldError.required(`${path}.${expected}`, 'must populate information for the given metric source'));
  if (present.length !== 1) {
    for (const field of present.filter((name) => name !== expected)) errors.push(fieldError.forbidden(`${path}.${field}`, 'must populate the given metric source only'));
  }
  return errors;
}

function validateSource(field: string, source: JsonRecord, path: string): FieldError[] {
  const target = asRecord(source.target) ?? {};
  const targetPath = `${path}.target`;
  const errors: FieldError[] = [];
  if (field === 'object') errors.push(...validateObjectReference(asRecord(source.describedObject) ?? {}, `${path}.describedObject`));
  if (field === 'object' || field === 'external' || field === 'pods') errors.push(...validateMetricIdentifier(asRecord(source.metric) ?? {}, `${path}.metric`));
  if (field === 'containerResource') errors.push(...validateContainerResource(source, path));
  if (field === 'resource' && asText(source.name) === '') errors.push(fieldError.required(`${path}.name`, 'must specify a resource name'));
  errors.push(...validateMetricTarget(target, targetPath));
  errors.push(...validateTargetValues(field, target, targetPath));
  return errors;
}

function validateContainerResource(source: JsonRecord, path: string): FieldError[] {
  const name = asText(source.name);
  const container = asText(source.container);
  const errors: FieldError[] = [];
  if (name === '') errors.push(fieldError.required(`${path}.name`, 'must specify a resource name'));
  else errors.push(...validateQualifiedName(name, `${path}.name`));
  if (container === '') errors.push(fieldError.required(`${path}.container`, 'must specify a container'));
  else errors.push(...validateDNS1123Label(container, `${path}.container`));
  return errors;
}

/** Which of value / averageValue / averageUtilization each source needs. */
function validateTargetValues(field: string, target: JsonRecord, path: string): FieldError[] {
  const hasValue = !isUnset(target.value);
  const hasAverageValue = !isUnset(target.averageValue);
  const hasUtilization = !isUnset(target.averageUtilization);
  switch (field) {
    case 'object':
      return hasValue || hasAverageValue ? [] : [fieldError.required(`${path}.averageValue`, 'must set either a target value or averageValue')];
    case 'external':
      if (!hasValue && !hasAverageValue) return [fieldError.required(`${path}.averageValue`, 'must set either a target value for metric or a per-pod target')];
      return hasValue && hasAverageValue ? [fieldError.forbidden(`${path}.value`, 'may not set both a target value for metric and a per-pod target')] : [];
    case 'pods':
      return hasAverageValue ? [] : [fieldError.required(`${path}.averageValue`, 'must specify a positive target averageValue')];
    default:
      if (!hasUtilization && !hasAverageValue) return [fieldError.required(`${path}.averageUtilization`, 'must set either a target raw value or a target utilization')];
      return hasUtilization && hasAverageValue ? [fieldError.forbidden(`${path}.averageValue`, 'may not set both a target raw value and a target utilization')] : [];
  }
}

/** validateMetricTarget: a known type, positive quantities, a utilization above 0. */
function validateMetricTarget(target: JsonRecord, path: string): FieldError[] {
  const type = asText(target.type);
  const errors: FieldError[] = [];
  if (type === '') errors.push(fieldError.required(`${path}.type`, 'must specify a metric target type'));
  if (!['Utilization', 'Value', 'AverageValue'].includes(type)) errors.push(fieldError.invalid(`${path}.type`, type, 'must be either Utilization, Value, or AverageValue'));
  for (const key of ['value', 'averageValue']) {
    // Quantities are shown as written; kube prints the resource.Quantity struct.
    if (!isUnset(target[key]) && quantitySign(target[key]) !== 1) errors.push(fieldError.invalid(`${path}.${key}`, String(target[key]), 'must be positive'));
  }
  const utilization = asNumber(target.averageUtilization);
  if (utilization !== undefined && utilization < 1) errors.push(fieldError.invalid(`${path}.averageUtilization`, utilization, 'must be greater than 0'));
  return errors;
}

/**
 * resource.Quantity.Sign of a JSON quantity (a number or a string like "-1.5Gi"), read from its
 * numeric prefix. Differs from ParseQuantity + Sign (src/apimachinery/quantity.ts) for `.` and `+.`, which
 * Go reads as zero and this as positive.
 */
function quantitySign(value: unknown): number {
  const text = String(value).trim();
  const match = /^([+-]?)([0-9]*\.?[0-9]*)/.exec(text)!;
  if (Number(match[2] || '0') === 0) return 0;
  return match[1] === '-' ? -1 : 1;
}

function validateMetricIdentifier(metric: JsonRecord, path: string): FieldError[] {
  const name = asText(metric.name);
  if (name === '') return [fieldError.required(`${path}.name`, 'must specify a metric name')];
  return isValidPathSegmentName(name).map((message) => fieldError.invalid(`${path}.name`, name, message));
}

/** ValidateCrossVersionObjectReference: kind and name are required path segments. */
export function validateObjectReference(reference: JsonRecord, path: string): FieldError[] {
  return ['kind', 'name'].flatMap((key) => {
    const value = asOptionalText(reference[key]) ?? '';
    if (value === '') return [fieldError.required(`${path}.${key}`)];
    return isValidPathSegmentName(value).map((message) => fieldError.invalid(`${path}.${key}`, value, message));
  });
}
