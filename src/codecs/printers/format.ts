/**
 * The formatting helpers kube's printers share: labels.FormatLabels, metav1.FormatLabelSelector,
 * layoutContainerCells, translateTimestampSince, Quantity.String, printBoolPtr and the
 * "a,b,c + N more..." lists.
 */
import { compareGoStrings } from '../../apimachinery/selectors/go-strings.js';
import { labelSelectorText, type LabelOperator, type LabelRequirement } from '../../apimachinery/selectors/labels.js';
import { humanDuration } from '../human-duration.js';
import { listAt, stringAt, stringMapAt, valueAt } from './fields.js';

/** Description of the Containers column of every workload printer. */
export const containersDescription = 'Names of each container in the template.';
/** Description of the Images column of every workload printer. */
export const imagesDescription = 'Images referenced by each container in the template.';

/** labels.FormatLabels: `k=v` pairs sorted by key, `<none>` for an empty map. */
export function formatLabels(labels: Record<string, string>): string {
  const keys = Object.keys(labels).sort(compareGoStrings);
  if (keys.length === 0) return '<none>';
  return keys.map((key) => `${key}=${labels[key]}`).join(',');
}

/** layoutContainerCells: container names and images, each joined with commas. */
export function containerCells(podSpec: unknown): [string, string] {
  const containers = listAt(podSpec, 'containers');
  const names = containers.map((container) => stringAt(container, 'name'));
  const images = containers.map((container) => stringAt(container, 'image'));
  return [names.join(','), images.join(',')];
}

const selectorOperators: Record<string, LabelOperator> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/**
 * metav1.LabelSelectorAsSelector(selector).String(): '' for a nil or empty selector, undefined
 * where kube returns an error (an unknown operator, values where none belong or none where
 * some must be).
 */
export function labelSelectorString(selector: unknown): string | undefined {
  if (selector === undefined || selector === null) return '';
  const requirements: LabelRequirement[] = [];
  for (const [key, value] of Object.entries(stringMapAt(selector, 'matchLabels'))) requirements.push({ key, operator: '=', values: [value] });
  for (const expression of listAt(selector, 'matchExpressions')) {
    const requirement = expressionRequirement(expression);
    if (!requirement) return undefined;
    requirements.push(requirement);
  }
  // labels.Selector.Add sorts the requirements by key.
  requirements.sort((left, right) => compareGoStrings(left.key, right.key));
  return labelSelectorText({ requirements });
}

function expressionRequirement(expression: unknown): LabelRequirement | undefined {
  const operator = selectorOperators[stringAt(expression, 'operator')];
  if (!operator) return undefined;
  const values = listAt(expression, 'values').filter((item): item is string => typeof item === 'string');
  const needsValues = operator === 'in' || operator === 'notin';
  if (needsValues !== values.length > 0) return undefined;
  return { key: stringAt(expression, 'key'), operator, values };
}

/** metav1.FormatLabelSelector: the selector's string, `<none>` when empty, `<error>` when invalid. */
export function formatLabelSelector(selector: unknown): string {
  const text = labelSelectorString(selector);
  if (text === undefined) return '<error>';
  return text === '' ? '<none>' : text;
}

/** translateTimestampSince: HumanDuration since `timestamp`, `<unknown>` for a zero time. */
export function since(timestamp: unknown, now: Date): string {
  const time = timeOf(timestamp);
  return time === undefined ? '<unknown>' : humanDuration(now.getTime() - time);
}

/** Milliseconds since the epoch of an RFC3339 timestamp; undefined for a zero (absent) time. */
export function timeOf(timestamp: unknown): number | undefined {
  if (typeof timestamp !== 'string' || timestamp === '') return undefined;
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? undefined : time;
}

/** A metav1.Time cell as kube marshals it: RFC3339 in UTC to the second, null for a zero time. */
export function timestampCell(timestamp: unknown): string | null {
  const time = timeOf(timestamp);
  return time === undefined ? null : new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * Quantity.String() of a stored quantity: stored quantities are already in canonical form, so
 * the text is printed as it is; the zero Quantity (an absent map entry) prints `0`.
 */
export function quantityText(quantity: unknown): string {
  if (typeof quantity === 'string' && quantity !== '') return quantity;
  if (typeof quantity === 'number') return String(quantity);
  return '0';
}

/**
 * (*Quantity).String() of a pointer field: `<nil>` when unset. kube prints this for HPA metric
 * values it dereferences without checking.
 */
export function quantityPointerText(quantity: unknown): string {
  return quantity === undefined || quantity === null ? '<nil>' : quantityText(quantity);
}

/** printBoolPtr: `True`, `False`, or `<unset>` for a nil pointer. */
export function booleanPointerText(value: unknown): string {
  if (typeof value !== 'boolean') return '<unset>';
  return value ? 'True' : 'False';
}

/** listWithMoreString: the first `max` items, ` + N more...` past them, `<unset>` when empty. */
export function listWithMore(list: string[], more: boolean, count: number, max: number): string {
  const text = list.join(',');
  if (more) return `${text} + ${count - max} more...`;
  return text === '' ? '<unset>' : text;
}

/** The first of `values` that is a non-empty string, '' if none is (firstNonEmpty). */
export function firstNonEmpty(...values: string[]): string {
  return values.find((value) => value !== '') ?? '';
}

// unicode.IsSpace: unlike String.prototype.trim, it takes U+0085 and leaves U+FEFF.
const goSpace = '[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]';
const goSpaceAtEnds = new RegExp(`^${goSpace}+|${goSpace}+$`, 'g');

/** strings.TrimSpace. */
export function trimSpace(text: string): string {
  return text.replace(goSpaceAtEnds, '');
}

/** The object's name, '' when it has none. */
export function nameOf(object: unknown): string {
  return stringAt(object, 'metadata', 'name');
}

/** The AGE cell: time since the object's creationTimestamp. */
export function ageOf(object: unknown, now: Date): string {
  return since(valueAt(object, 'metadata', 'creationTimestamp'), now);
}
