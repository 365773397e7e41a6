/**
 * validateMatchResources and the rule checks under it (validateNamedRuleWithOperations,
 * validateRuleWithOperations, validateRule, validateResources) of
 * pkg/apis/admissionregistration/validation/validation.go, kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { isValidPathSegmentName } from '../../apimachinery/validation/names.js';
import { asRecord, asRecords, asTexts, isUnset, type JsonRecord } from '../json-values.js';
import { validateLabelSelector } from '../shared/label-selector.js';

const supportedMatchPolicies = ['Equivalent', 'Exact'];
const supportedOperations = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];
const validScopes = ['*', 'Cluster', 'Namespaced'];

/** validateResources (subresources allowed): wildcard combinations that overlap are rejected. */
function validateResources(resources: string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (resources.length === 0) errors.push(fieldError.required(path));
  const withWildcardSubresource = new Set<string>();
  const subresourcesWithWildcardResource = new Set<string>();
  let doubleWildcard = false;
  let singleWildcard = false;
  let withoutSubresource = false;
  resources.forEach((entry, i) => {
    if (entry === '') return void errors.push(fieldError.required(`${path}[${i}]`));
    if (entry === '*/*') doubleWildcard = true;
    if (entry === '*') singleWildcard = true;
    const slash = entry.indexOf('/');
    if (slash < 0) return void (withoutSubresource = entry !== '*');
    const [resource, sub] = [entry.slice(0, slash), entry.slice(slash + 1)];
    if (withWildcardSubresource.has(resource)) {
      errors.push(fieldError.invalid(`${path}[${i}]`, entry, `if '${resource}/*' is present, must not specify ${entry}`));
    }
    if (subresourcesWithWildcardResource.has(sub)) {
      errors.push(fieldError.invalid(`${path}[${i}]`, entry, `if '*/${sub}' is present, must not specify ${entry}`));
    }
    if (sub === '*') withWildcardSubresource.add(resource);
    if (resource === '*') subresourcesWithWildcardResource.add(sub);
  });
  if (resources.length > 1 && doubleWildcard) {
    errors.push(fieldError.invalid(path, resources, "if '*/*' is present, must not specify other resources"));
  }
  if (singleWildcard && withoutSubresource) {
    errors.push(fieldError.invalid(path, resources, "if '*' is present, must not specify other resources without subresources"));
  }
  return errors;
}

/** validateRule with subresources allowed (the only way policies call it). */
function validateRule(rule: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const groups = asTexts(rule.apiGroups);
  const versions = asTexts(rule.apiVersions);
  if (groups.length === 0) errors.push(fieldError.required(`${path}.apiGroups`));
  if (groups.length > 1 && groups.includes('*')) {
    errors.push(fieldError.invalid(`${path}.apiGroups`, groups, "if '*' is present, must not specify other API groups"));
  }
  if (versions.length === 0) errors.push(fieldError.required(`${path}.apiVersions`));
  if (versions.length > 1 && versions.includes('*')) {
    errors.push(fieldError.invalid(`${path}.apiVersions`, versions, "if '*' is present, must not specify other API versions"));
  }
  versions.forEach((version, i) => {
    if (version === '') errors.push(fieldError.required(`${path}.apiVersions[${i}]`));
  });
  errors.push(...validateResources(asTexts(rule.resources), `${path}.resources`));
  if (!isUnset(rule.scope) && !validScopes.includes(String(rule.scope))) {
    errors.push(fieldError.notSupported(`${path}.scope`, rule.scope, validScopes));
  }
  return errors;
}

/** validateRuleWithOperations: operations required, '*' alone, each a known operation; then the rule. */
function validateRuleWithOperations(rule: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const operations = asTexts(rule.operations);
  if (operations.length === 0) errors.push(fieldError.required(`${path}.operations`));
  if (operations.length > 1 && operations.includes('*')) {
    errors.push(fieldError.invalid(`${path}.operations`, operations, "if '*' is present, must not specify other operations"));
  }
  operations.forEach((operation, i) => {
    if (!supportedOperations.includes(operation)) {
      errors.push(fieldError.notSupported(`${path}.operations[${i}]`, operation, supportedOperations));
    }
  });
  return [...errors, ...validateRule(rule, path)];
}

/** validateNamedRuleWithOperations: resourceNames are unique path segments. */
function validateNamedRuleWithOperations(rule: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  asTexts(rule.resourceNames).forEach((name, i) => {
    for (const message of isValidPathSegmentName(name)) errors.push(fieldError.invalid(`${path}.resourceNames[${i}]`, name, message));
    if (seen.has(name)) errors.push(fieldError.duplicate(`${path}.resourceNames[${i}]`, name));
    seen.add(name);
  });
  return [...errors, ...validateRuleWithOperations(rule, path)];
}

/** validateMatchResources: nothing when unset; matchPolicy and both selectors are required (defaulting sets them). */
export function validateMatchResources(value: unknown, path: string): FieldError[] {
  const match = asRecord(value);
  if (!match) return [];
  const errors: FieldError[] = [];
  if (isUnset(match.matchPolicy)) errors.push(fieldError.required(`${path}.matchPolicy`));
  else if (!supportedMatchPolicies.includes(String(match.matchPolicy))) {
    errors.push(fieldError.notSupported(`${path}.matchPolicy`, match.matchPolicy, supportedMatchPolicies));
  }
  for (const key of ['namespaceSelector', 'objectSelector']) {
    if (isUnset(match[key])) errors.push(fieldError.required(`${path}.${key}`));
    else errors.push(...validateLabelSelector(match[key], `${path}.${key}`));
  }
  for (const key of ['resourceRules', 'excludeResourceRules']) {
    asRecords(match[key]).forEach((rule, i) => errors.push(...validateNamedRuleWithOperations(rule, `${path}.${key}[${i}]`)));
  }
  return errors;
}
