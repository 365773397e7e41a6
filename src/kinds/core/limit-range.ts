/**
 * LimitRange (core/v1): SetDefaults_LimitRangeItem (for Container limits: default from max,
 * defaultRequest from default, then from min) and ValidateLimitRange (pkg/apis/core/validation,
 * kube v1.32): type and resource names, min <= defaultRequest <= default <= max, ratios >= 1.
 * Kube prints the quantity bad values of the ordering rules as Go structs (%#v); so does this.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { compareQuantities, parseQuantity, type Quantity } from '../../apimachinery/quantity.js';
import { isQualifiedName } from '../../apimachinery/validation/names.js';
import { asRecord, asRecords, asText, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { goQuantityLiteral } from './go-values.js';
import { defaultResourceList } from './resource-list.js';
import { isOvercommitAllowed, validateContainerResourceName, validateResourceName } from './resource-validation.js';

const itemOrder = ['type', 'max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'];
const lists = ['max', 'min', 'default', 'defaultRequest', 'maxLimitRequestRatio'] as const;
type ListName = (typeof lists)[number];

function defaultLimitRange(limitRange: JsonRecord): void {
  for (const item of asRecords(asRecord(limitRange.spec)?.limits)) {
    if (item.type === 'Container') {
      const fill = (target: string, source: string) => {
        const from = asRecord(item[source]) ?? {};
        if (Object.keys(from).length === 0) return;
        const into = ensureRecord(item, target);
        for (const [name, value] of Object.entries(from)) setDefault(into, name, value);
      };
      fill('default', 'max');
      fill('defaultRequest', 'default');
      fill('defaultRequest', 'min');
    }
    for (const list of lists) defaultResourceList(item[list]);
    orderKeys(item, itemOrder);
  }
}

function quantityValue(quantity: Quantity): GoLiteral {
  return new GoLiteral(goQuantityLiteral(quantity.mantissa, quantity.exponent, quantity.format, formatQuantity(quantity)));
}

function validateItem(item: JsonRecord, path: string, seenTypes: Set<string>): FieldError[] {
  const type = asText(item.type);
  const errors = isQualifiedName(type).map((message) => fieldError.invalid(`${path}.type`, type, message));
  if (!errors.length && !type.includes('/') && !['Pod', 'Container', 'PersistentVolumeClaim'].includes(type)) {
    errors.push(fieldError.invalid(`${path}.type`, type, 'must be a standard limit type or fully qualified'));
  }
  if (seenTypes.has(type)) errors.push(fieldError.duplicate(`${path}.type`, type));
  seenTypes.add(type);
  const checkName = type === 'Pod' || type === 'Container' ? validateContainerResourceName : validateResourceName;
  const parsed = {} as Record<ListName, Map<string, Quantity>>;
  for (const list of lists) {
    parsed[list] = new Map();
    const entries = asRecord(item[list]) ?? {};
    if (type === 'Pod' && (list === 'default' || list === 'defaultRequest')) {
      if (Object.keys(entries).length) errors.push(fieldError.forbidden(`${path}.${list}`, "may not be specified when `type` is 'Pod'"));
      continue;
    }
    for (const [name, value] of Object.entries(entries)) {
      errors.push(...checkName(name, `${path}.${list}[${name}]`));
      const quantity = parseQuantity(value);
      if (quantity) parsed[list].set(name, quantity);
    }
  }
  if (type === 'PersistentVolumeClaim' && !parsed.min.has('storage') && !parsed.max.has('storage')) {
    errors.push(fieldError.required(`${path}.limits`, 'either minimum or maximum storage value is required, but neither was provided'));
  }
  return [...errors, ...validateOrdering(parsed, path)];
}

/** The pairwise rules, per resource named anywhere in the item. */
function validateOrdering(parsed: Record<ListName, Map<string, Quantity>>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const names = new Set(lists.flatMap((list) => [...parsed[list].keys()]));
  const rule = (low: ListName, high: ListName, reported: ListName, value: ListName, text: (a: string, b: string) => string, name: string) => {
    const a = parsed[low].get(name);
    const b = parsed[high].get(name);
    if (a && b && compareQuantities(a, b) > 0) errors.push(fieldError.invalid(`${path}.${reported}[${name}]`, quantityValue(parsed[value].get(name)!), text(formatQuantity(a), formatQuantity(b))));
  };
  for (const name of names) {
    rule('min', 'max', 'min', 'min', (a, b) => `min value ${a} is greater than max value ${b}`, name);
    rule('min', 'defaultRequest', 'defaultRequest', 'defaultRequest', (a, b) => `min value ${a} is greater than default request value ${b}`, name);
    rule('defaultRequest', 'max', 'defaultRequest', 'defaultRequest', (a, b) => `default request value ${a} is greater than max value ${b}`, name);
    rule('defaultRequest', 'default', 'defaultRequest', 'defaultRequest', (a, b) => `default request value ${a} is greater than default limit value ${b}`, name);
    rule('min', 'default', 'default', 'min', (a, b) => `min value ${a} is greater than default value ${b}`, name);
    rule('default', 'max', 'default', 'max', (a, b) => `default value ${a} is greater than max value ${b}`, name);
    const ratio = parsed.maxLimitRequestRatio.get(name);
    if (ratio && compareQuantities(ratio, { mantissa: 1n, exponent: 0, format: 'DecimalSI' }) < 0) {
      errors.push(fieldError.invalid(`${path}.maxLimitRequestRatio[${name}]`, quantityValue(ratio), `ratio ${formatQuantity(ratio)} is less than 1`));
    }
    const limit = parsed.default.get(name);
    const request = parsed.defaultRequest.get(name);
    if (!isOvercommitAllowed(name) && limit && request && compareQuantities(limit, request) !== 0) {
      errors.push(fieldError.invalid(`${path}.defaultRequest[${name}]`, quantityValue(request), `default value ${formatQuantity(limit)} must equal to defaultRequest value ${formatQuantity(request)} in ${name}`));
    }
  }
  return errors;
}

/** The LimitRange kind's semantics. */
export const limitRange: KindSemantics = {
  default: (object) => defaultLimitRange(object as JsonRecord),
  validate(object) {
    const seen = new Set<string>();
    return asRecords(asRecord(object.spec)?.limits).flatMap((item, index) => validateItem(item, `spec.limits[${index}]`, seen));
  },
  validateUpdate(object) {
    const seen = new Set<string>();
    return asRecords(asRecord(object.spec)?.limits).flatMap((item, index) => validateItem(item, `spec.limits[${index}]`, seen));
  },
};
