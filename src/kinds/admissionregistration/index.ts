/**
 * admissionregistration.k8s.io: the ValidatingAdmissionPolicy and ValidatingAdmissionPolicyBinding
 * kinds' semantics (kube v1.32): defaulting (defaults.ts) and validation without CEL, which joins
 * through PolicyValidationHooks: build the kinds with `admissionregistrationKindsWith(hooks)`.
 * Their strategies' status reset and generation tracking are the generic strategy's
 * (src/registry/kind-facts.ts: hasStatusSubresource, tracksGeneration).
 */
import type { KindSemantics, KindSemanticsTable } from '../types.js';
import { validateValidatingAdmissionPolicyBinding } from './binding-validation.js';
import { defaultValidatingAdmissionPolicy, defaultValidatingAdmissionPolicyBinding } from './defaults.js';
import type { PolicyValidationHooks } from './options.js';
import {
  validateValidatingAdmissionPolicy, validateValidatingAdmissionPolicyStatus, validateValidatingAdmissionPolicyUpdate,
} from './policy-validation.js';

export type { PolicyValidationHooks } from './options.js';
export { defaultValidatingAdmissionPolicy, defaultValidatingAdmissionPolicyBinding } from './defaults.js';
export { validateValidatingAdmissionPolicyBinding } from './binding-validation.js';
export {
  validateValidatingAdmissionPolicy, validateValidatingAdmissionPolicyStatus, validateValidatingAdmissionPolicyUpdate,
} from './policy-validation.js';

/** ValidatingAdmissionPolicy, with the CEL hook when given. */
export function validatingAdmissionPolicySemantics(hooks: PolicyValidationHooks = {}): KindSemantics {
  return {
    default: defaultValidatingAdmissionPolicy,
    validate: (object) => validateValidatingAdmissionPolicy(object, hooks),
    validateUpdate: (object, old) => validateValidatingAdmissionPolicyUpdate(object, old, hooks),
    validateStatusUpdate: (object) => validateValidatingAdmissionPolicyStatus(object),
  };
}

export const validatingAdmissionPolicyBindingSemantics: KindSemantics = {
  default: defaultValidatingAdmissionPolicyBinding,
  validate: validateValidatingAdmissionPolicyBinding,
  validateUpdate: (object) => validateValidatingAdmissionPolicyBinding(object),
};

/** The admissionregistration.k8s.io kinds, keyed `group/Kind`; `hooks` adds CEL to the policy's validation. */
export function admissionregistrationKindsWith(hooks: PolicyValidationHooks = {}): KindSemanticsTable {
  return {
    'admissionregistration.k8s.io/ValidatingAdmissionPolicy': validatingAdmissionPolicySemantics(hooks),
    'admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding': validatingAdmissionPolicyBindingSemantics,
  };
}
