/**
 * coordination.k8s.io/v1 Lease: ValidateLeaseSpec (pkg/apis/coordination/validation/validation.go)
 * and pkg/registry/coordination/lease/strategy.go, kube v1.32. The CoordinatedLeaderElection gate
 * is alpha (off) there, so the strategy drops spec.strategy and spec.preferredHolder.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { isQualifiedName } from '../../apimachinery/validation/names.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asNumber, asOptionalText, asRecord, isUnset, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { specOf } from '../shared/strategy.js';

/** ValidateLeaseSpec: a positive duration, non-negative transitions, a known strategy. */
export function validateLeaseSpec(spec: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const duration = asNumber(spec.leaseDurationSeconds);
  if (duration !== undefined && duration <= 0) errors.push(fieldError.invalid(`${path}.leaseDurationSeconds`, duration, 'must be greater than 0'));
  const transitions = asNumber(spec.leaseTransitions);
  errors.push(...validateNonNegativeField(transitions, `${path}.leaseTransitions`));
  const strategy = asOptionalText(spec.strategy);
  if (strategy !== undefined) errors.push(...validateStrategy(strategy, `${path}.strategy`));
  const preferredHolder = asOptionalText(spec.preferredHolder);
  if (preferredHolder && !strategy) errors.push(fieldError.forbidden(`${path}.preferredHolder`, 'may only be specified if `strategy` is defined'));
  return errors;
}

/** ValidateCoordinatedLeaseStrategy. Quirk: kube appends "strategy" to the path a second time. */
function validateStrategy(strategy: string, path: string): FieldError[] {
  if (!strategy.includes('/')) {
    return strategy === 'OldestEmulationVersion' ? [] : [fieldError.notSupported(`${path}.strategy`, strategy, ['OldestEmulationVersion'])];
  }
  return isQualifiedName(strategy).map((message) => fieldError.invalid(`${path}.strategy`, strategy, message));
}

/** Drops the gated fields, on update only when the stored lease does not have them already. */
function dropGatedFields(object: KubeObject, old?: KubeObject): void {
  const spec = asRecord(object.spec);
  if (!spec) return;
  const oldSpec = old ? specOf(old) : {};
  if (isUnset(oldSpec.strategy)) delete spec.strategy;
  if (isUnset(oldSpec.preferredHolder)) delete spec.preferredHolder;
}

export const leaseSemantics: KindSemantics = {
  prepareForCreate: (object) => dropGatedFields(object),
  prepareForUpdate: dropGatedFields,
  validate: (object) => validateLeaseSpec(specOf(object), 'spec'),
  validateUpdate: (object) => validateLeaseSpec(specOf(object), 'spec'),
};
