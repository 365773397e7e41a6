/**
 * autoscaling/v2 HorizontalPodAutoscaler behavior: SetDefaults_HorizontalPodAutoscalerBehavior
 * (pkg/apis/autoscaling/v2/defaults.go) and validateBehavior
 * (pkg/apis/autoscaling/validation/validation.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { asNumber, asOptionalText, asRecord, asRecords, isUnset, orderKeys, type JsonRecord } from '../json-values.js';

const maxPeriodSeconds = 1800;
const maxStabilizationWindowSeconds = 3600;

/** The scale-up rules kube fills in: no stabilization, at most 4 pods or 100% per 15 s, the larger. */
function scaleUpDefaults(): JsonRecord {
  return {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
  };
}

/** Scale-down: 100% per 15 s; the stabilization window stays unset (the controller's flag decides). */
function scaleDownDefaults(): JsonRecord {
  return { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };
}

/** copyHPAScalingRules: the given rules' non-nil fields over the defaults, in HPAScalingRules order. */
function fillRules(given: unknown, defaults: JsonRecord): JsonRecord {
  const rules = asRecord(given);
  const filled: JsonRecord = { ...defaults };
  for (const key of ['selectPolicy', 'stabilizationWindowSeconds', 'policies']) {
    if (rules && !isUnset(rules[key])) filled[key] = rules[key];
  }
  orderKeys(filled, ['stabilizationWindowSeconds', 'selectPolicy', 'policies']);
  return filled;
}

/** SetDefaults_HorizontalPodAutoscalerBehavior: only a given behavior is filled in. */
export function defaultBehavior(spec: JsonRecord): void {
  const behavior = asRecord(spec.behavior);
  if (!behavior) return;
  behavior.scaleUp = fillRules(behavior.scaleUp, scaleUpDefaults());
  behavior.scaleDown = fillRules(behavior.scaleDown, scaleDownDefaults());
  orderKeys(behavior, ['scaleUp', 'scaleDown']);
}

/** validateBehavior: both directions' rules. */
export function validateBehavior(value: unknown, path: string): FieldError[] {
  const behavior = asRecord(value);
  if (!behavior) return [];
  return [...validateScalingRules(behavior.scaleUp, `${path}.scaleUp`), ...validateScalingRules(behavior.scaleDown, `${path}.scaleDown`)];
}

function validateScalingRules(value: unknown, path: string): FieldError[] {
  const rules = asRecord(value);
  if (!rules) return [];
  const errors: FieldError[] = [];
  const window = asNumber(rules.stabilizationWindowSeconds);
  if (window !== undefined && window < 0) errors.push(fieldError.invalid(`${path}.stabilizationWindowSeconds`, window, 'must be greater than or equal to zero'));
  if (window !== undefined && window > maxStabilizationWindowSeconds) {
    errors.push(fieldError.invalid(`${path}.stabilizationWindowSeconds`, window, `must be less than or equal to ${maxStabilizationWindowSeconds}`));
  }
  const selectPolicy = asOptionalText(rules.selectPolicy);
  if (selectPolicy !== undefined && !['Disabled', 'Max', 'Min'].includes(selectPolicy)) {
    errors.push(fieldError.notSupported(`${path}.selectPolicy`, selectPolicy, ['Disabled', 'Max', 'Min']));
  }
  const policies = asRecords(rules.policies);
  if (policies.length === 0) errors.push(fieldError.required(`${path}.policies`, 'must specify at least one Policy'));
  policies.forEach((policy, index) => errors.push(...validateScalingPolicy(policy, `${path}.policies[${index}]`)));
  return errors;
}

function validateScalingPolicy(policy: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const type = asOptionalText(policy.type) ?? '';
  if (type !== 'Pods' && type !== 'Percent') errors.push(fieldError.notSupported(`${path}.type`, type, ['Percent', 'Pods']));
  const value = asNumber(policy.value) ?? 0;
  if (value <= 0) errors.push(fieldError.invalid(`${path}.value`, value, 'must be greater than zero'));
  const period = asNumber(policy.periodSeconds) ?? 0;
  if (period <= 0) errors.push(fieldError.invalid(`${path}.periodSeconds`, period, 'must be greater than zero'));
  if (period > maxPeriodSeconds) errors.push(fieldError.invalid(`${path}.periodSeconds`, period, `must be less than or equal to ${maxPeriodSeconds}`));
  return errors;
}
