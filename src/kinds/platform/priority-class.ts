/**
 * scheduling.k8s.io/v1 PriorityClass: SetDefaults_PriorityClass (pkg/apis/scheduling/v1/defaults.go),
 * ValidatePriorityClass / ValidatePriorityClassUpdate (pkg/apis/scheduling/validation/validation.go)
 * and IsKnownSystemPriorityClass (pkg/apis/scheduling/helpers.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asNumber, asOptionalText, setDefault } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateImmutable } from '../shared/strategy.js';

/** Values above this are reserved for the system classes. */
export const highestUserDefinablePriority = 1_000_000_000;

/** SystemPriorityClasses(): the two classes kube creates, with their values (neither is the global default). */
export const systemPriorityClasses: Record<string, number> = {
  'system-node-critical': 2_000_001_000,
  'system-cluster-critical': 2_000_000_000,
};

/** SetDefaults_PriorityClass: pods of the class may preempt lower priorities. */
export function defaultPriorityClass(object: KubeObject): void {
  setDefault(object, 'preemptionPolicy', 'PreemptLowerPriority');
}

/** IsKnownSystemPriorityClass's error text, or undefined for a known class with its value. */
function systemClassError(name: string, value: number, globalDefault: boolean): string | undefined {
  const expected = systemPriorityClasses[name];
  if (expected === undefined) return `${name} is not a known system priority class`;
  if (value !== expected) return `value of ${name} PriorityClass must be ${expected}`;
  if (globalDefault) return `globalDefault of ${name} PriorityClass must be false`;
  return undefined;
}

/** ValidatePriorityClass (ObjectMeta excluded): the system- prefix rule, the value limit, the policy. */
export function validatePriorityClass(object: KubeObject): FieldError[] {
  const name = object.metadata.name ?? '';
  const value = asNumber(object.value) ?? 0;
  const errors: FieldError[] = [];
  if (name.startsWith('system-')) {
    const error = systemClassError(name, value, object.globalDefault === true);
    if (error) errors.push(fieldError.forbidden('metadata.name', `priority class names with 'system-' prefix are reserved for system use only. error: ${error}`));
  } else if (value > highestUserDefinablePriority) {
    errors.push(fieldError.forbidden('value', `maximum allowed value of a user defined priority is ${highestUserDefinablePriority}`));
  }
  const policy = asOptionalText(object.preemptionPolicy);
  if (policy !== undefined) errors.push(...validatePreemptionPolicy(policy, 'preemptionPolicy'));
  return errors;
}

/** apivalidation.ValidatePreemptionPolicy. */
export function validatePreemptionPolicy(policy: string, path: string): FieldError[] {
  if (policy === 'PreemptLowerPriority' || policy === 'Never') return [];
  if (policy === '') return [fieldError.required(path)];
  return [fieldError.notSupported(path, policy, ['PreemptLowerPriority', 'Never'])];
}

/** ValidatePriorityClassUpdate: only metadata checks and two immutable fields (the create rules are not rerun). */
function validatePriorityClassUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const errors: FieldError[] = [];
  if ((asNumber(object.value) ?? 0) !== (asNumber(old.value) ?? 0)) errors.push(fieldError.forbidden('value', 'may not be changed in an update.'));
  errors.push(...validateImmutable(object.preemptionPolicy, old.preemptionPolicy, 'preemptionPolicy'));
  return errors;
}

export const priorityClassSemantics: KindSemantics = {
  default: defaultPriorityClass,
  // priorityClassStrategy.PrepareForCreate: generation 1, which updates keep (BeforeUpdate).
  prepareForCreate: (object) => {
    object.metadata.generation = 1;
  },
  validate: validatePriorityClass,
  validateUpdate: validatePriorityClassUpdate,
};
