/**
 * validationOptions of kube's CRD validation (apiextensions validation.go): what a create
 * requires, and what an update relaxes when the stored CRD already broke a rule ("don't tighten
 * validation on existing persisted data"); plus the hooks through which CEL (src/cel) joins.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import type { JsonRecord } from '../json-values.js';

/** What src/cel needs to compile the x-kubernetes-validations rules of one openAPIV3Schema. */
export interface RuleCompileContext {
  /** Rules and messageExpressions the old CRD had (kube compiles those with the stored-expressions environment). */
  preexistingRules: ReadonlySet<string>;
  preexistingMessageExpressions: ReadonlySet<string>;
  /** The version's schema is unchanged by this update: per-expression cost limits are not enforced. */
  suppressPerExpressionCost: boolean;
}

/**
 * Extension points for CEL, in kube's order. Each returns field errors with kube's paths; `path`
 * is the schema's own path (`spec.validation.openAPIV3Schema` or
 * `spec.versions[1].schema.openAPIV3Schema`).
 */
export interface CrdValidationHooks {
  /**
   * Compiles every x-kubernetes-validations rule of a structural openAPIV3Schema (cel.Compile, cost
   * estimates, oldSelf rules, then the schema's total cost). Called only when the schema is
   * structural, its defaults are valid, and no other error was found in it; its errors follow the
   * schema's other errors (OpenAPISchemaErrorList.AllErrors).
   */
  compileSchemaRules?(schema: JsonRecord, path: string, context: RuleCompileContext): FieldError[];
  /**
   * Evaluates the CEL rules of the schema node `schema` against its own default (ValidateDefaults);
   * `path` ends in `.default`. Called only when the default passed the OpenAPI checks.
   */
  validateDefaultRules?(schema: JsonRecord, value: unknown, path: string, isResourceRoot: boolean): FieldError[];
}

export interface ValidationOptions {
  allowDefaults: boolean;
  /** Why defaults are not allowed here (appended to "must not be set"). */
  disallowDefaultsReason: string;
  requireRecognizedConversionReviewVersion: boolean;
  requireImmutableNames: boolean;
  requireOpenAPISchema: boolean;
  requireValidPropertyType: boolean;
  requireStructuralSchema: boolean;
  requirePrunedDefaults: boolean;
  requireAtomicSetType: boolean;
  requireMapListKeysMapSetValidation: boolean;
  /** Versions whose schema this update leaves unchanged (empty on create). */
  versionsWithUnchangedSchemas: ReadonlySet<string>;
  preexistingRules: ReadonlySet<string>;
  preexistingMessageExpressions: ReadonlySet<string>;
  hooks: CrdValidationHooks;
}

/** ValidateCustomResourceDefinition's options: everything required. */
export function createOptions(hooks: CrdValidationHooks): ValidationOptions {
  return {
    allowDefaults: true,
    disallowDefaultsReason: '',
    requireRecognizedConversionReviewVersion: true,
    requireImmutableNames: false,
    requireOpenAPISchema: true,
    requireValidPropertyType: true,
    requireStructuralSchema: true,
    requirePrunedDefaults: true,
    requireAtomicSetType: true,
    requireMapListKeysMapSetValidation: true,
    versionsWithUnchangedSchemas: new Set(),
    preexistingRules: new Set(),
    preexistingMessageExpressions: new Set(),
    hooks,
  };
}
