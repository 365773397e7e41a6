/**
 * apiextensions.k8s.io: the CustomResourceDefinition kind's semantics (kube v1.32). Defaulting
 * and Go's output shape (defaults.ts), the strategy's storedVersions (strategy.ts), and kube's
 * CRD validation (validation.go, schema/validation.go) except CEL, which joins through
 * CrdValidationHooks: build the kind with `customResourceDefinitionSemantics(hooks)`.
 */
import type { KindSemantics, KindSemanticsTable } from '../types.js';
import { defaultCustomResourceDefinition } from './defaults.js';
import type { CrdValidationHooks } from './options.js';
import { prepareCustomResourceDefinitionForCreate, prepareCustomResourceDefinitionForUpdate } from './strategy.js';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionStatusUpdate, validateCustomResourceDefinitionUpdate } from './validation.js';

export type { CrdValidationHooks, RuleCompileContext } from './options.js';
export { defaultCustomResourceDefinition } from './defaults.js';
export {
  validateCustomResourceDefinition, validateCustomResourceDefinitionStatusUpdate, validateCustomResourceDefinitionUpdate,
} from './validation.js';

/** The CustomResourceDefinition semantics, with CEL's hooks when given. */
export function customResourceDefinitionSemantics(hooks: CrdValidationHooks = {}): KindSemantics {
  return {
    default: defaultCustomResourceDefinition,
    prepareForCreate: prepareCustomResourceDefinitionForCreate,
    prepareForUpdate: prepareCustomResourceDefinitionForUpdate,
    validate: (object) => validateCustomResourceDefinition(object, hooks),
    validateUpdate: (object, old) => validateCustomResourceDefinitionUpdate(object, old, hooks),
    validateStatusUpdate: (object) => validateCustomResourceDefinitionStatusUpdate(object),
  };
}

/** CustomResourceDefinition without CEL (schemas' x-kubernetes-validations rules are not compiled). */
export const customResourceDefinition: KindSemantics = customResourceDefinitionSemantics();

/** The apiextensions.k8s.io kinds, keyed `group/Kind` as src/kinds/index.ts merges them. */
export const apiextensionsKinds: KindSemanticsTable = {
  'apiextensions.k8s.io/CustomResourceDefinition': customResourceDefinition,
};
