/**
 * Compiling one admission expression (admission/plugin/cel/compile.go CompileCELExpression) with
 * the project's CEL parser, checker and cost estimator: the declared variables depend on the
 * expression's place (params only with a paramKind, variables only in a policy with variables),
 * and the result type must be one of the expected types exactly (`must evaluate to bool but got
 * dyn`), except for variables, which may be anything. `authorizer` is not declared (the authz
 * library is not implemented), so expressions using it fail to compile.
 */
import { Checker } from '../cel/check/checker.js';
import { literalIssues } from '../cel/check/literals.js';
import { Scope } from '../cel/check/scope.js';
import { dyn, formatType, fromDecl, type CheckType } from '../cel/check/types.js';
import type { Program } from '../cel/compile.js';
import { estimateCost } from '../cel/cost/estimate.js';
import type { ObjectDecl } from '../cel/decl-types.js';
import { displayIssues } from '../cel/parse/issues.js';
import { parseExpression } from '../cel/parse/parse.js';
import { dynDecl, requestDecl } from './request-type.js';

/** What an expression may reference. */
export interface ExpressionEnvironment {
  hasParams: boolean;
  /** The `kubernetes.variables` type, when the policy has variables. */
  variables?: ObjectDecl;
}

/** Accepted result types, as cel-go prints them; 'any' accepts every type. */
export type ReturnTypes = 'any' | ('bool' | 'string' | 'null_type')[];

export type CompiledExpression = { source: string; program: Program; type: CheckType; error?: undefined } | { source: string; error: string; program?: undefined };

function scopeFor(env: ExpressionEnvironment): Scope {
  let scope = new Scope()
    .with('object', { type: dyn, sizeDecl: dynDecl })
    .with('oldObject', { type: dyn, sizeDecl: dynDecl })
    .with('namespaceObject', { type: dyn, sizeDecl: dynDecl })
    .with('request', { type: fromDecl(requestDecl), sizeDecl: requestDecl });
  if (env.hasParams) scope = scope.with('params', { type: dyn, sizeDecl: dynDecl });
  if (env.variables) scope = scope.with('variables', { type: fromDecl(env.variables), sizeDecl: env.variables });
  return scope;
}

/** cel-go's Type.String() of a result type (`null_type` for null). */
const typeText = (type: CheckType): string => (type.k === 'prim' && type.name === 'null' ? 'null_type' : formatType(type));

/** Compiles `source`; errors carry kube's detail (`compilation failed: ERROR: <input>:1:1: ...`). */
export function compileAdmissionExpression(source: string, env: ExpressionEnvironment, returns: ReturnTypes): CompiledExpression {
  const parsed = parseExpression(source);
  if (parsed.issues) return { source, error: `compilation failed: ${displayIssues(source, parsed.issues)}` };
  const checker = new Checker({ root: dynDecl, optionalOldSelf: false, source });
  const type = checker.check(parsed.node, scopeFor(env));
  const issues = checker.issues.length ? checker.issues : literalIssues(parsed.node);
  if (issues.length) return { source, error: `compilation failed: ${displayIssues(source, issues)}` };
  if (returns !== 'any' && !returns.includes(typeText(type) as 'bool')) {
    const got = typeText(type);
    const error = returns.length === 1 ? `must evaluate to ${returns[0]} but got ${got}` : `must evaluate to one of [${returns.join(' ')}] but got ${got}`;
    return { source, error };
  }
  const program: Program = { source, node: parsed.node, info: checker.info, maxCost: estimateCost(parsed.node, checker.info).max };
  return { source, program, type };
}
