/** The semantics of every built-in kind that has some (see types.ts). */
import { validatePolicyExpressions, validateWebhookMatchConditions } from '../admission-policy/index.js';
import { compileSchemaRules } from '../cel/index.js';
import type { SchemaNode } from '../schema/types.js';
import { admissionregistrationKindsWith } from './admissionregistration/index.js';
import { customResourceDefinitionSemantics } from './apiextensions/index.js';
import { apiregistrationKinds } from './apiregistration/index.js';
import { certificatesKinds } from './certificates/index.js';
import { coreKinds } from './core/index.js';
import { flowcontrolKinds } from './flowcontrol/index.js';
import { networkingKinds } from './networking/index.js';
import { platformKinds } from './platform/index.js';
import { rbacKinds } from './rbac/index.js';
import type { KindSemantics } from './types.js';
import { workloadKinds } from './workloads/index.js';

/** CRDs compile their schemas' CEL rules as part of their validation (src/cel). */
const customResourceDefinition = customResourceDefinitionSemantics({
  compileSchemaRules: (schema, path) => compileSchemaRules(schema as SchemaNode, path).errors,
});

/** ValidatingAdmissionPolicies compile their CEL expressions as part of their validation (src/admission/policy). */
const admissionregistrationKinds = admissionregistrationKindsWith({ validatePolicyExpressions: (policy) => compileErrors(policy) });

/** Only the compile errors of the expressions: required fields and names are the kind validation's own checks. */
function compileErrors(policy: object) {
  return validatePolicyExpressions(policy).filter((error) => error.type === 'FieldValueInvalid' && /(expression|Expression)$/.test(error.field));
}

/** Webhook configurations compile their match conditions' CEL (kube's other checks of them are not made). */
const webhookConfiguration: KindSemantics = {
  validate: (object) => validateWebhookMatchConditions(object),
  validateUpdate: (object) => validateWebhookMatchConditions(object),
};

const table: Record<string, KindSemantics> = {
  ...coreKinds, ...workloadKinds, ...rbacKinds, ...networkingKinds, ...platformKinds, ...admissionregistrationKinds, ...apiregistrationKinds, ...flowcontrolKinds, ...certificatesKinds,
  'apiextensions.k8s.io/CustomResourceDefinition': customResourceDefinition,
  'admissionregistration.k8s.io/ValidatingWebhookConfiguration': webhookConfiguration,
  'admissionregistration.k8s.io/MutatingWebhookConfiguration': webhookConfiguration,
};

/** The semantics of `group/kind`, or an empty object for kinds without any. */
export function kindSemantics(group: string, kind: string): KindSemantics {
  return table[`${group}/${kind}`] ?? {};
}
