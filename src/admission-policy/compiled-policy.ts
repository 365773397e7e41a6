/**
 * compilePolicy (validating/plugin.go compilePolicy): every expression of a policy compiled once
 * for evaluation. Variables are compiled in order, each seeing the ones before it, and are
 * declared for match conditions, validations and audit annotations; messageExpressions see params
 * but not the authorizer. Compilation errors stay with their expression and surface at
 * evaluation as `compilation error: <detail>`, handled by the failure policy.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import type { ObjectDecl } from '../cel/decl-types.js';
import { compileAdmissionExpression, type CompiledExpression, type ExpressionEnvironment } from './expression.js';
import { declOfType, dynDecl, objectDecl } from './request-type.js';
import type { ParamKind } from './types.js';

export interface CompiledVariable {
  name: string;
  expression: CompiledExpression;
}

export interface CompiledValidation {
  expression: CompiledExpression;
  message?: string;
  messageExpression?: CompiledExpression;
  reason?: string;
}

export interface CompiledPolicy {
  name: string;
  /** failurePolicy, Fail when unset. */
  failurePolicy: string;
  paramKind?: ParamKind;
  matchConstraints?: Record<string, unknown>;
  matchConditions: CompiledVariable[];
  variables: CompiledVariable[];
  validations: CompiledValidation[];
  auditAnnotations: { key: string; expression: CompiledExpression }[];
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const items = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isJsonObject) : []);

/** The policy's spec.paramKind, if any. */
export function paramKindOf(spec: Record<string, unknown>): ParamKind | undefined {
  const kind = spec.paramKind;
  return isJsonObject(kind) ? { apiVersion: text(kind.apiVersion), kind: text(kind.kind) } : undefined;
}

/**
 * Compiles spec.variables in order into `variablesType` (mutated: each compiled variable becomes a
 * field, as kube's composition state does), returning the compiled variables.
 */
export function compileVariables(variables: Record<string, unknown>[], hasParams: boolean, variablesType: ObjectDecl): CompiledVariable[] {
  return variables.map((variable) => {
    const name = text(variable.name);
    const expression = compileAdmissionExpression(text(variable.expression), { hasParams, variables: variablesType }, 'any');
    variablesType.fields.set(name, { property: name, type: expression.error === undefined ? declOfType(expression.type) : dynDecl });
    return { name, expression };
  });
}

/** Compiles a ValidatingAdmissionPolicy for evaluation; cache the result per (uid, resourceVersion). */
export function compilePolicy(policy: object): CompiledPolicy {
  const root = policy as Record<string, unknown>;
  const metadata = isJsonObject(root.metadata) ? root.metadata : {};
  const spec = isJsonObject(root.spec) ? root.spec : {};
  const paramKind = paramKindOf(spec);
  const hasParams = paramKind !== undefined;
  const variablesType = objectDecl('kubernetes.variables', {});
  const variables = compileVariables(items(spec.variables), hasParams, variablesType);
  const env: ExpressionEnvironment = { hasParams, variables: variablesType };
  const compile = (source: unknown, returns: Parameters<typeof compileAdmissionExpression>[2]): CompiledExpression =>
    compileAdmissionExpression(text(source), env, returns);
  return {
    name: text(metadata.name),
    failurePolicy: text(spec.failurePolicy) || 'Fail',
    ...(paramKind ? { paramKind } : {}),
    ...(isJsonObject(spec.matchConstraints) ? { matchConstraints: spec.matchConstraints } : {}),
    matchConditions: items(spec.matchConditions).map((condition) => ({ name: text(condition.name), expression: compile(condition.expression, ['bool']) })),
    variables,
    validations: items(spec.validations).map((validation) => ({
      expression: compile(validation.expression, ['bool']),
      ...(typeof validation.message === 'string' ? { message: validation.message } : {}),
      ...(text(validation.messageExpression) ? { messageExpression: compile(validation.messageExpression, ['string']) } : {}),
      ...(typeof validation.reason === 'string' ? { reason: validation.reason } : {}),
    })),
    auditAnnotations: items(spec.auditAnnotations).map((annotation) => ({
      key: text(annotation.key),
      expression: compile(text(annotation.valueExpression).trim(), ['string', 'null_type']),
    })),
  };
}
