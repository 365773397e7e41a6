/**
 * metav1.LabelSelector matching (LabelSelectorAsSelector then Matches): matchLabels and
 * matchExpressions (In, NotIn, Exists, DoesNotExist) all hold. An empty selector matches
 * everything; an absent one is treated as empty (the API defaults selectors to `{}`).
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { matchesRequirement, type LabelRequirement } from '../apimachinery/selectors/labels.js';

const operators: Record<string, LabelRequirement['operator']> = { In: 'in', NotIn: 'notin', Exists: 'exists', DoesNotExist: '!' };

/** The requirements of a LabelSelector; undefined when an operator is unknown (a selector that fails to convert). */
export function selectorRequirements(selector: unknown): LabelRequirement[] | undefined {
  if (!isJsonObject(selector)) return [];
  const requirements: LabelRequirement[] = [];
  const matchLabels = isJsonObject(selector.matchLabels) ? selector.matchLabels : {};
  for (const [key, value] of Object.entries(matchLabels)) requirements.push({ key, operator: 'in', values: [String(value)] });
  const expressions = Array.isArray(selector.matchExpressions) ? selector.matchExpressions : [];
  for (const expression of expressions) {
    if (!isJsonObject(expression)) return undefined;
    const operator = operators[String(expression.operator)];
    if (!operator) return undefined;
    const values = Array.isArray(expression.values) ? expression.values.map(String) : [];
    requirements.push({ key: String(expression.key), operator, values });
  }
  return requirements;
}

/** Whether `labels` satisfy the selector (false for a selector that does not convert). */
export function selectorMatches(selector: unknown, labels: Record<string, string> | undefined): boolean {
  const requirements = selectorRequirements(selector);
  return requirements !== undefined && requirements.every((requirement) => matchesRequirement(requirement, labels ?? {}));
}

/** Whether the selector selects everything. */
export const selectorIsEmpty = (selector: unknown): boolean => selectorRequirements(selector)?.length === 0;

/** metadata.labels of a JSON object. */
export function labelsOf(object: Record<string, unknown> | null | undefined): Record<string, string> | undefined {
  const metadata = object?.metadata;
  if (!isJsonObject(metadata) || !isJsonObject(metadata.labels)) return undefined;
  return metadata.labels as Record<string, string>;
}
