/**
 * policy/v1 PodDisruptionBudget: ValidatePodDisruptionBudgetSpec (pkg/apis/policy/validation/validation.go)
 * and pkg/registry/policy/poddisruptionbudget/strategy.go, kube v1.32. No defaults in policy/v1.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asOptionalText, isUnset, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { goPointerText } from '../shared/go-literals.js';
import { isNotMoreThan100Percent, validatePositiveIntOrPercent } from './int-or-percent.js';
import { labelSelectorHasInvalidValue, validateLabelSelector } from '../shared/label-selector.js';
import { keepStatus, resetStatus, specOf } from '../shared/strategy.js';

const evictionPolicies = ['AlwaysAllow', 'IfHealthyBudget'];

/** `%#v` of the internal policy.PodDisruptionBudgetSpec (pointer fields print as addresses). */
function goSpec(spec: JsonRecord): GoLiteral {
  const fields = [
    `MinAvailable:${goPointerText(spec.minAvailable, 'intstr.IntOrString')}`,
    `Selector:${goPointerText(spec.selector, 'v1.LabelSelector')}`,
    `MaxUnavailable:${goPointerText(spec.maxUnavailable, 'intstr.IntOrString')}`,
    `UnhealthyPodEvictionPolicy:${goPointerText(spec.unhealthyPodEvictionPolicy, 'policy.UnhealthyPodEvictionPolicyType')}`,
  ];
  return new GoLiteral(`policy.PodDisruptionBudgetSpec{${fields.join(', ')}}`);
}

/** ValidatePodDisruptionBudgetSpec: one of minAvailable or maxUnavailable, each a count or percent. */
export function validatePodDisruptionBudgetSpec(spec: JsonRecord, path: string, allowInvalidLabelValue = false): FieldError[] {
  const errors: FieldError[] = [];
  if (!isUnset(spec.minAvailable) && !isUnset(spec.maxUnavailable)) {
    errors.push(fieldError.invalid(path, goSpec(spec), 'minAvailable and maxUnavailable cannot be both set'));
  }
  for (const key of ['minAvailable', 'maxUnavailable']) {
    if (isUnset(spec[key])) continue;
    errors.push(...validatePositiveIntOrPercent(spec[key], `${path}.${key}`), ...isNotMoreThan100Percent(spec[key], `${path}.${key}`));
  }
  errors.push(...validateLabelSelector(spec.selector, `${path}.selector`, { allowInvalidLabelValue }));
  const policy = asOptionalText(spec.unhealthyPodEvictionPolicy);
  if (policy !== undefined && !evictionPolicies.includes(policy)) {
    errors.push(fieldError.notSupported(`${path}.unhealthyPodEvictionPolicy`, policy, evictionPolicies));
  }
  return errors;
}

/** On update, invalid selector values the old budget had stay allowed. */
function validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  return validatePodDisruptionBudgetSpec(specOf(object), 'spec', labelSelectorHasInvalidValue(specOf(old).selector));
}

export const podDisruptionBudgetSemantics: KindSemantics = {
  // PodDisruptionBudgetStatus's counters have no omitempty.
  prepareForCreate: (object) => resetStatus(object, { disruptionsAllowed: 0, currentHealthy: 0, desiredHealthy: 0, expectedPods: 0 }),
  prepareForUpdate: keepStatus,
  validate: (object) => validatePodDisruptionBudgetSpec(specOf(object), 'spec'),
  validateUpdate,
};
