/** The semantics of every built-in kind that has some (see types.ts). */
import { compileSchemaRules } from '../cel/index.js';
import type { SchemaNode } from '../schema/types.js';
import { admissionregistrationKindsWith } from './admissionregistration/index.js';
import { customResourceDefinitionSemantics } from './apiextensions/index.js';
import { coreKinds } from './core/index.js';
import type { KindSemantics } from './types.js';
import { workloadKinds } from './workloads/index.js';

/** CRDs compile their schemas' CEL rules as part of their validation (src/cel). */
const customResourceDefinition = customResourceDefinitionSemantics({
  compileSchemaRules: (schema, path) => compileSchemaRules(schema as SchemaNode, path).errors,
});

/**
 * ValidatingAdmissionPolicy's CEL is not compiled yet: pass
 * `{ validatePolicyExpressions: (policy, old) => FieldError[] }` here to wire it in.
 */
const admissionregistrationKinds = admissionregistrationKindsWith({});

const table: Record<string, KindSemantics> = {
  ...coreKinds, ...workloadKinds, ...admissionregistrationKinds, 'apiextensions.k8s.io/CustomResourceDefinition': customResourceDefinition,
};

/** The semantics of `group/kind`, or an empty object for kinds without any. */
export function kindSemantics(group: string, kind: string): KindSemantics {
  return table[`${group}/${kind}`] ?? {};
}
