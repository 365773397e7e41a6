/**
 * ValidatingAdmissionPolicy evaluation (admissionregistration.k8s.io/v1), kube-apiserver v1.32's
 * k8s.io/apiserver/pkg/admission/plugin/policy/validating as a pure module on the project's CEL
 * implementation (src/cel): compilePolicy once per policy version, validatePolicyExpressions at
 * create/update, admitWithPolicies per admission request.
 *
 * Exact (checked against kube's sources): denial, warning and audit texts and shapes, config
 * error texts, runtime error texts, message fallbacks, reasons and codes, matching predicates.
 * Deviations: matchPolicy Equivalent is Exact (no equivalent-resource mapper); `authorizer` is
 * not declared (no authz library); namespaceObject is checked as dyn (kube: a typed
 * kubernetes.Namespace); no type checking against resource schemas (kube's status.typeChecking
 * warnings); messageExpressions get a fresh budget instead of the validations' remainder.
 */
export type { AdmissionAttributes, DeniedStatus, ParamKind, ParamReference, ParamSource, PolicyDecision, PolicyOutcome } from './types.js';
export type { CompiledPolicy } from './compiled-policy.js';
export { compilePolicy } from './compiled-policy.js';
export { validatePolicyExpressions, validateWebhookMatchConditions } from './validate-policy.js';
export { admitWithPolicies } from './dispatcher.js';
export { webhookMatchConditions } from './match-conditions.js';
export { typeCheckPolicy, type ExpressionWarning } from './type-checking.js';
