/**
 * CEL validation rules (x-kubernetes-validations) of custom resources, kube v1.32 semantics, on
 * @bufbuild/cel's parser and standard library. compileSchemaRules checks and compiles every rule
 * of a CRD version's schema as CRD validation does and returns the validator custom resources
 * of that version go through. See README.md in this folder for what is exact and what is not.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import type { SchemaNode } from '../schema/types.js';
import { CrdRuleValidation } from './crd-rules.js';
import { schemaDeclType } from './decl-types.js';
import { runtimeCELCostBudget } from './limits.js';
import { buildRuleTree, type RuleNode } from './rule-tree.js';
import { validateObjectTree } from './validator.js';

export interface CelValidator {
  /** True when the schema has no rules at all (callers skip validation cheaply). */
  readonly empty: boolean;
  /**
   * Evaluates all rules against a custom resource `object` (the whole decoded object, after defaulting and
   * pruning, after structural validation passed), with `old` the stored object for updates (undefined on create).
   * Errors are kube's: field path of the node (plus fieldPath), type from `reason` (default FieldValueInvalid),
   * message from `message`, else `messageExpression` result, else `failed rule: <rule>`; the bad value is the
   * node's schema type name (`Invalid value: "object": ...`).
   */
  validate(object: unknown, old: unknown | undefined): FieldError[];
  /** validate, plus the warnings of ratcheted errors (kube's `Warning` headers on updates of unchanged invalid values). */
  validateWithWarnings(object: unknown, old: unknown | undefined): { errors: FieldError[]; warnings: string[] };
}

class SchemaRules implements CelValidator {
  constructor(private readonly root: RuleNode | undefined) {}

  get empty(): boolean {
    return this.root === undefined;
  }

  validate(object: unknown, old: unknown | undefined): FieldError[] {
    return this.validateWithWarnings(object, old).errors;
  }

  validateWithWarnings(object: unknown, old: unknown | undefined): { errors: FieldError[]; warnings: string[] } {
    if (!this.root) return { errors: [], warnings: [] };
    const state = validateObjectTree(this.root, object, old, runtimeCELCostBudget);
    return { errors: state.errors, warnings: state.warnings };
  }
}

/**
 * Compiles every rule of a CRD version's openAPIV3Schema. `path` is where the schema sits in the CRD
 * (`spec.versions[0].schema.openAPIV3Schema`), the prefix of the errors' field paths, e.g.
 * `spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule`.
 */
export function compileSchemaRules(schema: SchemaNode, path: string): { errors: FieldError[]; validator: CelValidator } {
  const decl = schemaDeclType(schema, true);
  const crd = new CrdRuleValidation();
  const visited = crd.visit(schema, path, { compile: true, cardinality: 1, ...(decl ? { decl } : {}) });
  const errors = [...visited.schema, ...visited.cel, ...crd.totalErrors(path)];
  return { errors, validator: new SchemaRules(buildRuleTree(schema, schema, true, decl)) };
}
