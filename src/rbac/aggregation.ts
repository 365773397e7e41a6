/**
 * ClusterRole aggregation as syncClusterRole in
 * pkg/controller/clusterroleaggregation/clusterroleaggregation_controller.go (v1.32).
 */
import { matchesRequirement, type LabelRequirement } from '../apimachinery/selectors/labels.js';
import type { ClusterRole, LabelSelector, PolicyRule } from './types.js';

/**
 * The rules an aggregated ClusterRole ends up with: for each selector in order, the rules of
 * the matching ClusterRoles (sorted by name, the role itself excluded), without repeats.
 * A role without aggregationRule keeps its rules; so does one with an invalid selector,
 * because the controller fails that sync and changes nothing.
 */
export function aggregateRules(clusterRole: ClusterRole, allClusterRoles: ClusterRole[]): PolicyRule[] {
  if (!clusterRole.aggregationRule) return clusterRole.rules ?? [];
  const sorted = [...allClusterRoles].sort((a, b) => compareNames(a.metadata.name, b.metadata.name));
  const rules: PolicyRule[] = [];
  for (const selector of clusterRole.aggregationRule.clusterRoleSelectors ?? []) {
    const requirements = selectorRequirements(selector);
    if (!requirements) return clusterRole.rules ?? [];
    for (const candidate of sorted) {
      if (candidate.metadata.name === clusterRole.metadata.name) continue;
      const labels = candidate.metadata.labels ?? {};
      if (!requirements.every((requirement) => matchesRequirement(requirement, labels))) continue;
      for (const rule of candidate.rules ?? []) {
        if (!rules.some((existing) => rulesEqual(existing, rule))) rules.push(rule);
      }
    }
  }
  return rules;
}

/**
 * metav1.LabelSelectorAsSelector: `{}` selects everything; undefined means the selector is
 * invalid (In/NotIn without values, Exists/DoesNotExist with values, unknown operator).
 */
export function selectorRequirements(selector: LabelSelector): LabelRequirement[] | undefined {
  const requirements: LabelRequirement[] = Object.entries(selector.matchLabels ?? {}).map(([key, value]) => ({
    key,
    operator: '=',
    values: [value],
  }));
  for (const expression of selector.matchExpressions ?? []) {
    const values = expression.values ?? [];
    switch (expression.operator) {
      case 'In':
      case 'NotIn':
        if (values.length === 0) return undefined;
        requirements.push({ key: expression.key, operator: expression.operator === 'In' ? 'in' : 'notin', values });
        break;
      case 'Exists':
      case 'DoesNotExist':
        if (values.length > 0) return undefined;
        requirements.push({ key: expression.key, operator: expression.operator === 'Exists' ? 'exists' : '!', values });
        break;
      default:
        return undefined;
    }
  }
  return requirements;
}

/** Go's byte-wise string order, which sort.Sort(byName) uses. */
function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** equality.Semantic.DeepEqual on rules: order matters, an absent list equals an empty one. */
function rulesEqual(a: PolicyRule, b: PolicyRule): boolean {
  return (
    listsEqual(a.verbs, b.verbs) &&
    listsEqual(a.apiGroups, b.apiGroups) &&
    listsEqual(a.resources, b.resources) &&
    listsEqual(a.resourceNames, b.resourceNames) &&
    listsEqual(a.nonResourceURLs, b.nonResourceURLs)
  );
}

function listsEqual(a: string[] | undefined, b: string[] | undefined): boolean {
  const left = a ?? [];
  const right = b ?? [];
  return left.length === right.length && left.every((item, index) => item === right[index]);
}
