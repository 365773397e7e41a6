/**
 * Whether a request matches a policy's matchConstraints or a binding's matchResources
 * (admission/plugin/cel/matching/matching.go with the webhook predicates): the namespaceSelector
 * (cluster-scoped requests always match it, except Namespaces, which match on their own labels),
 * the objectSelector (object or oldObject labels), excludeResourceRules, then resourceRules with
 * resourceNames. matchPolicy Equivalent is treated as Exact: there is no equivalent-resource
 * mapper here, so a rule for `deployments` in `extensions` does not catch `apps` requests.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { labelsOf, selectorIsEmpty, selectorMatches } from './label-selector.js';
import type { AdmissionAttributes } from './types.js';

type Rule = Record<string, unknown>;
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
const exactOrWildcard = (items: string[], requested: string): boolean => items.some((item) => item === '*' || item === requested);
const isNamespaceResource = (attrs: AdmissionAttributes): boolean => attrs.group === '' && attrs.version === 'v1' && attrs.resource === 'namespaces';

/** rules.Matcher.scope: Namespaced excludes Namespace objects and cluster-scoped requests, Cluster the opposite. */
function scopeMatches(rule: Rule, attrs: AdmissionAttributes): boolean {
  const scope = rule.scope ?? '*';
  if (scope === '*') return true;
  if (scope === 'Namespaced') return !isNamespaceResource(attrs) && attrs.namespace !== '';
  if (scope === 'Cluster') return isNamespaceResource(attrs) || attrs.namespace === '';
  return false;
}

/** `pods`, `pods/*`, `*\/scale`, `*`: a resource without a subresource part matches only the main resource. */
function resourceMatches(rule: Rule, attrs: AdmissionAttributes): boolean {
  return strings(rule.resources).some((entry) => {
    const slash = entry.indexOf('/');
    const [resource, subresource] = slash === -1 ? [entry, ''] : [entry.slice(0, slash), entry.slice(slash + 1)];
    return (resource === '*' || resource === attrs.resource) && (subresource === '*' || subresource === attrs.subresource);
  });
}

/** rules.Matcher.Matches. */
export function ruleMatches(rule: Rule, attrs: AdmissionAttributes): boolean {
  return scopeMatches(rule, attrs) && exactOrWildcard(strings(rule.operations), attrs.operation) &&
    exactOrWildcard(strings(rule.apiGroups), attrs.group) && exactOrWildcard(strings(rule.apiVersions), attrs.version) && resourceMatches(rule, attrs);
}

/** matchesResourceRules: a rule matches and its resourceNames are empty or hold the request name. */
function anyRuleMatches(rules: unknown, attrs: AdmissionAttributes): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some((rule) => isJsonObject(rule) && ruleMatches(rule, attrs) &&
    (strings(rule.resourceNames).length === 0 || strings(rule.resourceNames).includes(attrs.name)));
}

/** The labels a namespaceSelector sees: the Namespace's own (object on create/update) or the request namespace's. */
function namespaceLabels(attrs: AdmissionAttributes): Record<string, string> | undefined {
  if (attrs.resource === 'namespaces' && attrs.group === '' && attrs.subresource === '' && (attrs.operation === 'CREATE' || attrs.operation === 'UPDATE')) {
    return labelsOf(attrs.object);
  }
  return labelsOf(attrs.namespaceObject ?? (attrs.resource === 'namespaces' && attrs.group === '' ? attrs.oldObject : null));
}

function namespaceSelectorMatches(selector: unknown, attrs: AdmissionAttributes): boolean {
  if (attrs.namespace === '' && !(attrs.resource === 'namespaces' && attrs.group === '')) return true;
  if (selectorIsEmpty(selector)) return true;
  return selectorMatches(selector, namespaceLabels(attrs));
}

function objectSelectorMatches(selector: unknown, attrs: AdmissionAttributes): boolean {
  if (selectorIsEmpty(selector)) return true;
  const matchesObject = (object: Record<string, unknown> | null): boolean => object !== null && selectorMatches(selector, labelsOf(object) ?? {});
  return matchesObject(attrs.object) || matchesObject(attrs.oldObject);
}

/** Matcher.Matches for MatchResources; a binding without resourceRules matches every resource. */
export function matchResourcesMatch(resources: Record<string, unknown>, attrs: AdmissionAttributes, isBinding: boolean): boolean {
  if (!namespaceSelectorMatches(resources.namespaceSelector, attrs)) return false;
  if (!objectSelectorMatches(resources.objectSelector, attrs)) return false;
  if (anyRuleMatches(resources.excludeResourceRules, attrs)) return false;
  if (isBinding && resources.resourceRules === undefined) return true;
  return anyRuleMatches(resources.resourceRules, attrs);
}
