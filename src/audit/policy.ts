/**
 * The audit policy: validation as kube validates the policy file
 * (k8s.io/apiserver/pkg/apis/audit/validation/validation.go) and the rule evaluation of
 * pkg/audit/policy/checker.go: the first rule matching the request's user, groups, verb and
 * resource (or non-resource URL) gives the level, stages to omit (the policy's and the rule's)
 * and whether managed fields are omitted; no rule matches: None.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { levels, stages, type Policy, type PolicyRule, type RequestAuditConfig } from './types.js';

/** What a rule is matched against (authorizer.Attributes). */
export interface AuditAttributes {
  user?: { name: string; groups: string[] };
  verb: string;
  resourceRequest: boolean;
  namespace: string;
  apiGroup: string;
  resource: string;
  subresource: string;
  name: string;
  path: string;
}

const subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** Field errors of a policy (paths under `path`, empty at the file's root). */
export function validatePolicy(policy: Policy, path = ''): FieldError[] {
  const at = (child: string) => (path ? `${path}.${child}` : child);
  const errors = validateOmitStages(policy.omitStages ?? [], at('omitStages'));
  (policy.rules ?? []).forEach((rule, index) => errors.push(...validateRule(rule, at(`rules[${index}]`))));
  return errors;
}

function validateRule(rule: PolicyRule, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!rule.level) errors.push(fieldError.required(`${path}.level`));
  else if (!levels.includes(rule.level)) errors.push(fieldError.notSupported(`${path}.level`, rule.level, levels));
  const urls = rule.nonResourceURLs ?? [];
  urls.forEach((url, index) => {
    if (url === '*') return;
    if (!url.startsWith('/')) errors.push(fieldError.invalid(`${path}.nonResourceURLs[${index}]`, url, "non-resource URL rules must begin with a '/' character"));
    if (url !== '' && url.slice(0, -1).includes('*')) errors.push(fieldError.invalid(`${path}.nonResourceURLs[${index}]`, url, "non-resource URL wildcards '*' must be the final character of the rule"));
  });
  for (const resources of rule.resources ?? []) {
    if (resources.group && (resources.group.length > 253 || !subdomain.test(resources.group))) {
      errors.push(fieldError.invalid(`${path}.resources.group`, resources.group, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"));
    }
    if (resources.resourceNames?.length && !resources.resources?.length) {
      errors.push(fieldError.invalid(`${path}.resources.resourceNames`, resources.resourceNames, 'using resourceNames requires at least one resource'));
    }
  }
  errors.push(...validateOmitStages(rule.omitStages ?? [], `${path}.omitStages`));
  if (urls.length && (rule.resources?.length || rule.namespaces?.length)) {
    errors.push(fieldError.invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
  }
  return errors;
}

function validateOmitStages(omit: string[], path: string): FieldError[] {
  return omit.flatMap((stage, index) => (stages.includes(stage as never) ? [] : [fieldError.invalid(`${path}[${index}]`, stage, `allowed stages are ${stages.join(',')}`)]));
}

/** The policy's decision for a request. */
export function evaluatePolicy(policy: Policy, attributes: AuditAttributes): RequestAuditConfig {
  const omitted = policy.omitStages ?? [];
  for (const rule of policy.rules ?? []) {
    if (!ruleMatches(rule, attributes)) continue;
    return { level: rule.level, omitStages: [...new Set([...omitted, ...(rule.omitStages ?? [])])], omitManagedFields: rule.omitManagedFields ?? policy.omitManagedFields ?? false };
  }
  return { level: 'None', omitStages: omitted, omitManagedFields: policy.omitManagedFields ?? false };
}

function ruleMatches(rule: PolicyRule, attributes: AuditAttributes): boolean {
  const { user } = attributes;
  if (rule.users?.length && (!user || !rule.users.includes(user.name))) return false;
  if (rule.userGroups?.length && (!user || !user.groups.some((group) => rule.userGroups!.includes(group)))) return false;
  if (rule.verbs?.length && !rule.verbs.includes(attributes.verb)) return false;
  if (rule.namespaces?.length || rule.resources?.length) return matchesResource(rule, attributes);
  if (rule.nonResourceURLs?.length) return !attributes.resourceRequest && rule.nonResourceURLs.some((spec) => pathMatches(attributes.path, spec));
  return true;
}

function pathMatches(path: string, spec: string): boolean {
  return spec === '*' || spec === path || (spec.endsWith('*') && path.startsWith(spec.replace(/\*+$/, '')));
}

function matchesResource(rule: PolicyRule, attributes: AuditAttributes): boolean {
  if (!attributes.resourceRequest) return false;
  if (rule.namespaces?.length && !rule.namespaces.includes(attributes.namespace)) return false;
  if (!rule.resources?.length) return true;
  const { resource, subresource, name } = attributes;
  const combined = subresource ? `${resource}/${subresource}` : resource;
  return rule.resources.some((group) => {
    if ((group.group ?? '') !== attributes.apiGroup) return false;
    if (!group.resources?.length) return true;
    if (group.resourceNames?.length && !group.resourceNames.includes(name)) return false;
    return group.resources.some((spec) => spec === combined || spec === '*'
      || (subresource !== '' && spec.startsWith('*/') && subresource === spec.slice(2))
      || (spec.endsWith('/*') && resource === spec.slice(0, -2)));
  });
}
