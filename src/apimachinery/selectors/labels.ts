/**
 * Label selectors as k8s.io/apimachinery/pkg/labels (v1.32) parses, matches and prints them.
 * A parsed selector is plain JSON data, so it can cross a Durable Object RPC boundary.
 */
import { compareGoStrings, parseGoInt64 } from './go-strings.js';

export { SelectorParseError } from './errors.js';

/**
 * selection.Operator strings: `exists` is a bare key, `!` is DoesNotExist (`!key`),
 * `gt`/`lt` are written `>`/`<` and compare integers.
 */
export type LabelOperator = 'in' | 'notin' | 'exists' | '!' | '=' | '==' | '!=' | 'gt' | 'lt';

/** One requirement; values are deduplicated and sorted, empty for `exists` and `!`. */
export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values: string[];
}

/** The AND of its requirements, sorted by key; no requirements selects everything. */
export interface LabelSelector {
  requirements: LabelRequirement[];
}

/** Whether the selector restricts nothing (labels.Selector.Empty). */
export function labelSelectorIsEmpty(selector: LabelSelector): boolean {
  return selector.requirements.length === 0;
}

/** Selector.Matches: every requirement holds for the labels; absent labels count as no labels. */
export function matchesLabels(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  return selector.requirements.every((requirement) => matchesRequirement(requirement, labels ?? {}));
}

/**
 * Requirement.Matches. `notin` and `!=` hold when the key is absent; `gt`/`lt` need the label
 * to be present and an int64, otherwise they do not hold.
 */
export function matchesRequirement(requirement: LabelRequirement, labels: Record<string, string>): boolean {
  const present = Object.hasOwn(labels, requirement.key);
  const value = present ? labels[requirement.key]! : undefined;
  switch (requirement.operator) {
    case 'in':
    case '=':
    case '==':
      return value !== undefined && requirement.values.includes(value);
    case 'notin':
    case '!=':
      return value === undefined || !requirement.values.includes(value);
    case 'exists':
      return present;
    case '!':
      return !present;
    case 'gt':
    case 'lt':
      return value !== undefined && matchesInteger(requirement, value);
  }
}

function matchesInteger(requirement: LabelRequirement, labelValue: string): boolean {
  const actual = parseGoInt64(labelValue);
  if (actual === undefined || requirement.values.length !== 1) return false;
  const wanted = parseGoInt64(requirement.values[0]!);
  if (wanted === undefined) return false;
  return requirement.operator === 'gt' ? actual > wanted : actual < wanted;
}

const operatorText: Record<LabelOperator, string> = {
  in: ' in ', notin: ' notin ', exists: '', '!': '', '=': '=', '==': '==', '!=': '!=', gt: '>', lt: '<',
};

/** Selector.String(): `a in (x,y),!b,c!=d,e>3`; values of a requirement in sorted order. */
export function labelSelectorText(selector: LabelSelector): string {
  return selector.requirements.map(requirementText).join(',');
}

function requirementText(requirement: LabelRequirement): string {
  const { key, operator, values } = requirement;
  if (operator === 'exists') return key;
  if (operator === '!') return `!${key}`;
  const joined = values.length === 1 ? values[0]! : [...values].sort(compareGoStrings).join(',');
  const list = operator === 'in' || operator === 'notin' ? `(${joined})` : joined;
  return `${key}${operatorText[operator]}${list}`;
}
