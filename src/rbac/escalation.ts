/**
 * Escalation checks as Covers in k8s.io/component-helpers/auth/rbac/validation/policy_comparator.go
 * (v1.32), the core of ConfirmNoEscalation in pkg/registry/rbac/validation/rule.go.
 */
import { trimRightStars } from './rule-matchers.js';
import type { PolicyRule } from './types.js';

const all = '*';

/**
 * breakdownRule: one rule per (group, resource, verb[, resourceName]) and per (URL, verb).
 * A resource rule without apiGroups breaks down to nothing, as in kube.
 */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const subrules: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        const names = rule.resourceNames ?? [];
        if (names.length === 0) subrules.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
        for (const name of names) {
          subrules.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        }
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) {
    for (const verb of rule.verbs) subrules.push({ nonResourceURLs: [url], verbs: [verb] });
  }
  return subrules;
}

/**
 * ConfirmNoEscalation's comparison: the broken-down requested rules that no owner rule
 * covers; empty when the owner may grant all of them.
 */
export function confirmNoEscalation(ownerRules: PolicyRule[], requestedRules: PolicyRule[]): PolicyRule[] {
  return requestedRules
    .flatMap(breakdownRule)
    .filter((subrule) => !ownerRules.some((ownerRule) => ruleCovers(ownerRule, subrule)));
}

/** ruleCovers: whether one owner rule covers one broken-down rule. */
export function ruleCovers(owner: PolicyRule, subrule: PolicyRule): boolean {
  const verbs = owner.verbs.includes(all) || hasAll(owner.verbs, subrule.verbs);
  const ownerGroups = owner.apiGroups ?? [];
  const groups = ownerGroups.includes(all) || hasAll(ownerGroups, subrule.apiGroups ?? []);
  const resources = resourceCoversAll(owner.resources ?? [], subrule.resources ?? []);
  const urls = (subrule.nonResourceURLs ?? []).every((path) =>
    (owner.nonResourceURLs ?? []).some((ownerPath) => nonResourceURLCovers(ownerPath, path)),
  );
  const ownerNames = owner.resourceNames ?? [];
  const subNames = subrule.resourceNames ?? [];
  const names = ownerNames.length === 0 || (subNames.length > 0 && hasAll(ownerNames, subNames));
  return verbs && groups && resources && urls && names;
}

function hasAll(set: string[], wanted: string[]): boolean {
  return wanted.every((item) => set.includes(item));
}

/** resourceCoversAll: `*`, the exact resource, or `*\/sub` for a `resource/sub`. */
function resourceCoversAll(owned: string[], wanted: string[]): boolean {
  if (owned.includes(all)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

function nonResourceURLCovers(ownerPath: string, path: string): boolean {
  if (ownerPath === path) return true;
  return ownerPath.endsWith('*') && path.startsWith(trimRightStars(ownerPath));
}
