/**
 * CEL of JWT authenticators (k8s.io/apiserver/pkg/authentication/cel/compile.go) on the
 * project's CEL engine: claim mappings and claim validation rules see `claims` (a
 * map(string, dyn) of the token's payload), user validation rules see `user` (a
 * `kubernetes.UserInfo` object: username, uid, groups, extra). Validation rules must be bool
 * (`must evaluate to bool`); mappings may be anything and are checked when they run.
 */
import { Scope } from '../../cel/check/scope.js';
import { formatType, fromDecl } from '../../cel/check/types.js';
import type { Program } from '../../cel/compile.js';
import type { DeclType } from '../../cel/decl-types.js';
import { evaluateProgram } from '../../cel/evaluate.js';
import type { Node } from '../../cel/parse/ast.js';
import { EvalError, KObject, type Value } from '../../cel/values/kinds.js';
import { dynDecl, objectDecl } from '../../admission-policy/request-type.js';
import { dynValue } from '../../admission-policy/dyn-values.js';
import { checkExpression } from '../../admission-policy/expression.js';

export type ExpressionVariable = 'claims' | 'user';

const maxSize = 3 * 1024 * 1024;
const stringDecl: DeclType = { kind: 'scalar', scalar: 'string', schema: { type: 'string' }, maxElements: maxSize, minSize: 1, name: 'string' };
const listOf = (elem: DeclType): DeclType => ({ kind: 'list', schema: {}, elem, listType: 'atomic', mapKeys: [], maxElements: maxSize, minSize: 2, name: 'list' });
const mapOf = (value: DeclType): DeclType => ({ kind: 'map', schema: {}, value, maxElements: maxSize, minSize: 2, name: 'map' });

const claimsDecl = mapOf(dynDecl);
/** kubernetes.UserInfo (compile.go buildUserType). */
export const userInfoDecl = objectDecl('kubernetes.UserInfo', { username: stringDecl, uid: stringDecl, groups: listOf(stringDecl), extra: mapOf(listOf(stringDecl)) });

export type CompiledClaimExpression = { source: string; program: Program } | { source: string; error: string };

function scopeOf(variable: ExpressionVariable): Scope {
  return variable === 'claims'
    ? new Scope().with('claims', { type: fromDecl(claimsDecl), sizeDecl: claimsDecl })
    : new Scope().with('user', { type: fromDecl(userInfoDecl), sizeDecl: userInfoDecl });
}

/** Compiles `source` over `variable`; `bool`: the result must be a bool (validation rules). */
export function compileClaimExpression(source: string, variable: ExpressionVariable, bool: boolean): CompiledClaimExpression {
  const checked = checkExpression(source, scopeOf(variable));
  if (checked.error !== undefined) return { source, error: checked.error };
  if (bool && formatType(checked.type) !== 'bool') return { source, error: 'must evaluate to bool' };
  return { source, program: checked.program };
}

/** The CEL value of the token's claims. */
export function claimsValue(claims: Record<string, unknown>): Value {
  return dynValue(claims);
}

/** The CEL value of a user (every field present, as oidc.go's convertUserInfoToUnstructured fills them). */
export function userValue(user: { username: string; uid: string; groups: string[]; extra: Record<string, string[]> }): Value {
  return new KObject(userInfoDecl, { ...user }, (raw) => dynValue(raw));
}

/** Runs a compiled expression; an evaluation error comes back as an Error. */
export function runClaimExpression(program: Program, variables: Record<string, Value>): Value | Error {
  const evaluation = evaluateProgram(program, variables);
  if (evaluation.cancelled) return new Error('operation cancelled: actual cost limit exceeded');
  return evaluation.value instanceof EvalError ? new Error(evaluation.value.message) : evaluation.value;
}

/** Whether the expression selects `claims.<field>` (also `claims.?field`), as validation.go's hasSelectExp. */
export function selectsClaim(node: Node, field: string): boolean {
  switch (node.kind) {
    case 'select':
      return (node.operand.kind === 'ident' && node.operand.name === 'claims' && node.field === field) || selectsClaim(node.operand, field);
    case 'call':
      if (!node.target && node.fn === '_?._' && node.args[0]?.kind === 'ident' && node.args[0].name === 'claims'
        && node.args[1]?.kind === 'const' && node.args[1].value === field) return true;
      return node.args.some((arg) => selectsClaim(arg, field)) || (node.target !== undefined && selectsClaim(node.target, field));
    case 'list': return node.elements.some((element) => selectsClaim(element, field));
    case 'map': return node.entries.some((entry) => selectsClaim(entry.key, field) || selectsClaim(entry.value, field));
    case 'comprehension':
      return [node.iterRange, node.accuInit, node.loopCondition, node.loopStep, node.result].some((part) => selectsClaim(part, field));
    case 'optMap': return selectsClaim(node.target, field) || selectsClaim(node.body, field);
    default: return false;
  }
}
