/**
 * Rule matching as pkg/apis/rbac/v1/evaluation_helpers.go and RuleAllows in
 * plugin/pkg/auth/authorizer/rbac/rbac.go (v1.32).
 */
import type { Attributes, PolicyRule } from './types.js';

const all = '*';

/** VerbMatches: `*` or the exact verb. */
export function verbMatches(rule: PolicyRule, verb: string): boolean {
  return rule.verbs.some((ruleVerb) => ruleVerb === all || ruleVerb === verb);
}

/** APIGroupMatches: `*` or the exact group (`""` is the core group). */
export function apiGroupMatches(rule: PolicyRule, group: string): boolean {
  return (rule.apiGroups ?? []).some((ruleGroup) => ruleGroup === all || ruleGroup === group);
}

/**
 * ResourceMatches against `resource` or `resource/subresource`. `*` matches everything,
 * including subresources; `*\/log` matches any resource's `log` subresource. There is no
 * `pods/*` wildcard in kube: such a rule matches only a subresource literally named `*`.
 */
export function resourceMatches(rule: PolicyRule, combinedResource: string, subresource: string): boolean {
  return (rule.resources ?? []).some((ruleResource) => {
    if (ruleResource === all || ruleResource === combinedResource) return true;
    return subresource !== '' && ruleResource === `*/${subresource}`;
  });
}

/** ResourceNameMatches: a rule without resourceNames matches every name (and no name). */
export function resourceNameMatches(rule: PolicyRule, name: string): boolean {
  const names = rule.resourceNames ?? [];
  return names.length === 0 || names.includes(name);
}

/** NonResourceURLMatches: `*`, the exact path, or a prefix when the rule URL ends in `*`. */
export function nonResourceURLMatches(rule: PolicyRule, path: string): boolean {
  return (rule.nonResourceURLs ?? []).some((ruleURL) => {
    if (ruleURL === all || ruleURL === path) return true;
    return ruleURL.endsWith('*') && path.startsWith(trimRightStars(ruleURL));
  });
}

/** strings.TrimRight(s, "*"): drops every trailing star, not just one. */
export function trimRightStars(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '*') end--;
  return text.slice(0, end);
}

/** RuleAllows: whether one rule grants the request. */
export function ruleAllows(attributes: Attributes, rule: PolicyRule): boolean {
  if (!attributes.resourceRequest) {
    return verbMatches(rule, attributes.verb) && nonResourceURLMatches(rule, attributes.path);
  }
  const combined = attributes.subresource ? `${attributes.resource}/${attributes.subresource}` : attributes.resource;
  return (
    verbMatches(rule, attributes.verb) &&
    apiGroupMatches(rule, attributes.apiGroup) &&
    resourceMatches(rule, combined, attributes.subresource) &&
    resourceNameMatches(rule, attributes.name)
  );
}
