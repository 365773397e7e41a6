/**
 * rbac.authorization.k8s.io/v1 Role and ClusterRole: ValidateRole / ValidateClusterRole and
 * ValidatePolicyRule (pkg/apis/rbac/validation/validation.go, kube v1.32). The names (path
 * segments) are the generic strategy's; there are no defaults.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asRecord, asRecords, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { goLabelSelector, goStringSlice } from '../shared/go-literals.js';
import { labelSelectorConvertible, labelSelectorHasInvalidValue, validateLabelSelector } from '../shared/label-selector.js';

/** ValidatePolicyRule: verbs, then either non-resource URLs (cluster scope only) or groups and resources. */
export function validatePolicyRule(rule: JsonRecord, namespaced: boolean, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (asList(rule.verbs).length === 0) errors.push(fieldError.required(`${path}.verbs`, 'verbs must contain at least one value'));
  const nonResourceURLs = asList(rule.nonResourceURLs);
  const apiGroups = asList(rule.apiGroups);
  const resources = asList(rule.resources);
  if (nonResourceURLs.length > 0) {
    const urls = goStringSlice(rule.nonResourceURLs);
    if (namespaced) errors.push(fieldError.invalid(`${path}.nonResourceURLs`, urls, 'namespaced rules cannot apply to non-resource URLs'));
    if (apiGroups.length > 0 || resources.length > 0 || asList(rule.resourceNames).length > 0) {
      errors.push(fieldError.invalid(`${path}.nonResourceURLs`, urls, 'rules cannot apply to both regular resources and non-resource URLs'));
    }
    return errors;
  }
  if (apiGroups.length === 0) errors.push(fieldError.required(`${path}.apiGroups`, 'resource rules must supply at least one api group'));
  if (resources.length === 0) errors.push(fieldError.required(`${path}.resources`, 'resource rules must supply at least one resource'));
  // Quirk: kube reports this as "Required".
  if (asList(rule.resourceNames).length > 0 && resources.length > 1) {
    errors.push(fieldError.required(`${path}.resourceNames`, 'resource names cannot apply to multiple resources'));
  }
  return errors;
}

function validateRules(object: KubeObject, namespaced: boolean): FieldError[] {
  return asRecords(object.rules).flatMap((rule, index) => validatePolicyRule(rule, namespaced, `rules[${index}]`));
}

/**
 * ClusterRole's aggregationRule: at least one selector, each valid and convertible. Invalid label
 * values are tolerated on update when the old role already had them.
 */
function validateAggregationRule(object: KubeObject, allowInvalidLabelValue: boolean): FieldError[] {
  const rule = asRecord(object.aggregationRule);
  if (!rule) return [];
  const path = 'aggregationRule.clusterRoleSelectors';
  const selectors = asList(rule.clusterRoleSelectors);
  const errors: FieldError[] = [];
  if (selectors.length === 0) errors.push(fieldError.required(path, 'at least one clusterRoleSelector required if aggregationRule is non-nil'));
  selectors.forEach((selector, index) => {
    errors.push(...validateLabelSelector(selector, `${path}[${index}]`, { allowInvalidLabelValue }));
    if (!labelSelectorConvertible(selector)) errors.push(fieldError.invalid(`${path}[${index}]`, goLabelSelector(selector), 'invalid label selector.'));
  });
  return errors;
}

function oldAggregationHasInvalidValue(old: KubeObject): boolean {
  return asList(asRecord(old.aggregationRule)?.clusterRoleSelectors).some(labelSelectorHasInvalidValue);
}

export const roleSemantics: KindSemantics = {
  validate: (object) => validateRules(object, true),
  validateUpdate: (object) => validateRules(object, true),
};

export const clusterRoleSemantics: KindSemantics = {
  validate: (object) => [...validateRules(object, false), ...validateAggregationRule(object, false)],
  validateUpdate: (object, old) => [...validateRules(object, false), ...validateAggregationRule(object, oldAggregationHasInvalidValue(old))],
};
