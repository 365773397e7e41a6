/**
 * CRD validation of x-kubernetes-validations (ValidateCustomResourceDefinitionOpenAPISchema and
 * CELSchemaContext): the static checks of every rule, then, for rules reached through
 * properties, items and additionalProperties (not allOf/anyOf/oneOf/not, which kube does not
 * compile at CRD time) and only where no schema error was found at or below the node:
 * compilation errors, the per-rule cost limit (estimated cost times how often the node can occur:
 * the product of maxItems/maxProperties above it, or what fits in a request), transition rules
 * under lists that are not list-type=map, and the CRD-wide cost total. Schema errors come first,
 * as kube's OpenAPISchemaErrorList.AllErrors does; sibling properties go in sorted order.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import { fieldError } from '../apimachinery/field-errors.js';
import type { SchemaNode } from '../schema/types.js';
import { contributedToTotal, costErrorMessage, ruleLiteral, totalCostName } from './crd-messages.js';
import { ruleSchemaErrors } from './crd-rule-checks.js';
import type { DeclType } from './decl-types.js';
import { maxUint64, staticEstimatedCostLimit, staticEstimatedCRDCostLimit } from './limits.js';
import { compileCached, propertyDecl } from './rule-tree.js';

interface Context {
  decl?: DeclType;
  /** CEL compilation applies (false under allOf, anyOf, oneOf, not). */
  compile: boolean;
  /** How often this node can occur; undefined when unbounded. */
  cardinality?: number;
  /** The path of the nearest list above that does not correlate items (oldSelf is forbidden below). */
  uncorrelatable?: string;
}

interface Errors {
  schema: FieldError[];
  cel: FieldError[];
}

const saturatingProduct = (a: number, b: number): number => (a === 0 ? 0 : Math.min(a * b, maxUint64));

/** extractMaxElements: how much a node multiplies its children's occurrences (undefined: unbounded). */
function maxElements(schema: SchemaNode): number | undefined {
  if (schema.type === 'object') return schema.additionalProperties !== undefined ? schema.maxProperties !== undefined ? Math.max(0, schema.maxProperties) : undefined : 1;
  if (schema.type === 'array') return schema.maxItems !== undefined ? Math.max(0, schema.maxItems) : undefined;
  return 1;
}

export class CrdRuleValidation {
  total = 0;
  private mostExpensive: { path: string; cost: number }[] = [];

  private observe(path: string, cost: number): void {
    this.total = Math.min(this.total + cost, maxUint64);
    if (cost < staticEstimatedCRDCostLimit / 100) return;
    this.mostExpensive = [...this.mostExpensive, { path, cost }].sort((a, b) => b.cost - a.cost).slice(0, 4);
  }

  /** The total-cost errors, after every node was visited. */
  totalErrors(rootPath: string): FieldError[] {
    if (this.total <= staticEstimatedCRDCostLimit) return [];
    return [
      ...this.mostExpensive.map((entry) => fieldError.forbidden(entry.path, contributedToTotal)),
      fieldError.forbidden(rootPath, costErrorMessage(totalCostName, this.total, staticEstimatedCRDCostLimit)),
    ];
  }

  visit(schema: SchemaNode, path: string, context: Context): Errors {
    const errors: Errors = { schema: [], cel: [] };
    const append = (more: Errors): void => {
      errors.schema.push(...more.schema);
      errors.cel.push(...more.cel);
    };
    const factor = maxElements(schema);
    const cardinality = context.cardinality === undefined || factor === undefined ? undefined : saturatingProduct(context.cardinality, factor);
    const child = (decl: DeclType | undefined, uncorrelatable = context.uncorrelatable): Context => ({
      compile: context.compile, ...(decl ? { decl } : {}), ...(cardinality !== undefined ? { cardinality } : {}), ...(uncorrelatable ? { uncorrelatable } : {}),
    });
    const elem = context.decl?.kind === 'list' ? context.decl.elem : context.decl?.kind === 'map' ? context.decl.value : undefined;
    if (typeof schema.additionalProperties === 'object') append(this.visit(schema.additionalProperties, `${path}.additionalProperties`, child(elem)));
    for (const name of Object.keys(schema.properties ?? {}).sort()) {
      const property = schema.properties![name]!;
      append(this.visit(property, `${path}.properties[${name}]`, child(propertyDecl(context.decl, name, property))));
    }
    const uncompiled: Context = { compile: false };
    if (schema.not) append(this.visit(schema.not, `${path}.not`, uncompiled));
    for (const [key, list] of [['allOf', schema.allOf], ['oneOf', schema.oneOf], ['anyOf', schema.anyOf]] as const) {
      (list ?? []).forEach((entry, index) => append(this.visit(entry, `${path}.${key}[${index}]`, uncompiled)));
    }
    if (schema.items) {
      const uncorrelatable = context.uncorrelatable ?? (schema['x-kubernetes-list-type'] !== 'map' ? path : undefined);
      append(this.visit(schema.items, `${path}.items`, child(elem, uncorrelatable)));
    }
    const rules = schema['x-kubernetes-validations'] ?? [];
    rules.forEach((rule, index) => errors.schema.push(...ruleSchemaErrors(rule, schema, `${path}.x-kubernetes-validations[${index}]`)));
    if (rules.length && errors.schema.length === 0 && context.compile) errors.cel.push(...this.compileErrors(schema, path, context));
    return errors;
  }

  private compileErrors(schema: SchemaNode, path: string, context: Context): FieldError[] {
    if (!context.decl) {
      return [{
        type: 'InternalError', field: `${path}.x-kubernetes-validations`,
        detail: 'internal error: failed to construct type information for x-kubernetes-validations rules: unable to convert structural schema to CEL declarations',
      }];
    }
    const errors: FieldError[] = [];
    (schema['x-kubernetes-validations'] ?? []).forEach((rule, index) => {
      const at = `${path}.x-kubernetes-validations[${index}]`;
      const compiled = compileCached(rule, context.decl!, schema);
      const cost = saturatingProduct(compiled.program?.maxCost ?? 0, context.cardinality ?? compiled.maxCardinality);
      if (cost > staticEstimatedCostLimit) errors.push(fieldError.forbidden(`${at}.rule`, costErrorMessage('estimated rule cost', cost, staticEstimatedCostLimit)));
      this.observe(`${at}.rule`, cost);
      if (compiled.error) errors.push(fieldError.invalid(`${at}.rule`, ruleLiteral(rule), compiled.error));
      if (compiled.messageExpressionError) errors.push(fieldError.invalid(`${at}.messageExpression`, ruleLiteral(rule), compiled.messageExpressionError));
      else if (compiled.messageExpression) {
        const messageCost = compiled.messageExpression.maxCost;
        if (messageCost > staticEstimatedCostLimit) {
          errors.push(fieldError.forbidden(`${at}.messageExpression`, costErrorMessage('estimated messageExpression cost', messageCost, staticEstimatedCostLimit)));
        }
        this.observe(`${at}.messageExpression`, messageCost);
      }
      if (compiled.usesOldSelf && context.uncorrelatable) {
        errors.push(fieldError.invalid(`${at}.rule`, rule.rule, `oldSelf cannot be used on the uncorrelatable portion of the schema within ${context.uncorrelatable}`));
      } else if (!compiled.usesOldSelf && rule.optionalOldSelf !== undefined) {
        errors.push(fieldError.invalid(`${at}.optionalOldSelf`, rule.optionalOldSelf, 'may not be set if oldSelf is not used in rule'));
      }
    });
    return errors;
  }
}
