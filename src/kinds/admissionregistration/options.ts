/** Hooks that complete the ValidatingAdmissionPolicy validation with CEL (src/cel), wired in src/kinds/index.ts. */
import type { FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';

export interface PolicyValidationHooks {
  /**
   * Compiles the policy's CEL (matchConditions, variables, validations' expression and
   * messageExpression, auditAnnotations' valueExpression) and returns kube's errors for them, with
   * kube's paths (`spec.validations[0].expression`). `old` is given on update: kube compiles the
   * expressions the old policy already had in its stored-expressions environment. Absent: no CEL check.
   */
  validatePolicyExpressions?(policy: KubeObject, old?: KubeObject): FieldError[];
}
