/**
 * Call resolution of the checker: qualified functions (`optional.of`, `sets.contains`), the
 * optional field selection `_?._`, and overload matching with cel-go's messages. An argument
 * that already failed to check does not produce a second error.
 */
import type { DeclType } from '../decl-types.js';
import type { CallNode } from '../parse/ast.js';
import type { Checker, NodeInfo } from './checker.js';
import { overloadsOf } from './declarations.js';
import type { Overload } from './overloads.js';
import type { Scope } from './scope.js';
import { assignable, dyn, errorType, formatType, optionalOf, prim, sameType, substitute, type Bindings, type CheckType } from './types.js';

/** Checks a call node and returns its info. */
export function resolveCall(checker: Checker, node: CallNode, scope: Scope): NodeInfo {
  if (node.fn === '_?._') return optionalSelect(checker, node, scope);
  const qualified = node.target ? checker.qualifiedName(node.target, scope) : undefined;
  if (qualified !== undefined && overloadsOf(`${qualified}.${node.fn}`)) {
    const name = `${qualified}.${node.fn}`;
    const args = node.args.map((arg) => checker.check(arg, scope));
    return { ...match(checker, node, name, undefined, args), qualifiedName: name };
  }
  const target = node.target ? checker.check(node.target, scope) : undefined;
  const args = node.args.map((arg) => checker.check(arg, scope));
  const info = match(checker, node, node.fn, target, args);
  return node.fn === '_[_]' ? { ...info, ...indexedDecl(checker, node) } : info;
}

/** An index result keeps the schema path of its operand (cel-go's `@items` / `@values` path elements). */
function indexedDecl(checker: Checker, node: CallNode): { sizeDecl?: DeclType } {
  const operand = checker.info.get(node.args[0]!)?.sizeDecl;
  const elem = operand?.kind === 'list' ? operand.elem : operand?.kind === 'map' ? operand.value : undefined;
  return elem ? { sizeDecl: elem } : {};
}

function optionalSelect(checker: Checker, node: CallNode, scope: Scope): NodeInfo {
  const [operand, field] = node.args as [CallNode['args'][0], CallNode['args'][0]];
  const type = checker.check(operand, scope);
  checker.info.set(field, { type: prim('string') });
  const name = field.kind === 'const' ? String(field.value) : '';
  const selected = checker.selectField(type.k === 'optional' ? type.of : type, name, node);
  return { type: selected.k === 'error' || selected.k === 'optional' ? selected : optionalOf(selected) };
}

/** Resolves `name` for a receiver type and argument types against its overloads. */
function match(checker: Checker, node: CallNode, name: string, target: CheckType | undefined, args: CheckType[]): NodeInfo {
  if ((target && target.k === 'error') || args.some((arg) => arg.k === 'error')) return { type: errorType };
  const overloads = overloadsOf(name);
  if (!overloads) return { type: checker.issue(node, `undeclared reference to '${name}' (in container '')`) };
  const matches: [Overload, CheckType][] = [];
  for (const overload of overloads) {
    const result = tryOverload(overload, target, args);
    if (result) matches.push([overload, result]);
  }
  if (matches.length === 0) {
    const applied = `${target ? `${formatType(target)}.` : ''}(${args.map(formatType).join(', ')})`;
    return { type: checker.issue(node, `found no matching overload for '${name}' applied to '${applied}'`) };
  }
  const [first, firstResult] = matches[0]!;
  const uniform = matches.every(([, result]) => sameType(result, firstResult));
  return { type: uniform ? firstResult : dyn, overload: first };
}

/** The result type of `overload` for these types, or undefined when it does not apply. */
function tryOverload(overload: Overload, target: CheckType | undefined, args: CheckType[]): CheckType | undefined {
  if ((overload.receiver === undefined) !== (target === undefined) || overload.params.length !== args.length) return undefined;
  const bindings: Bindings = new Map();
  if (overload.receiver && target && !assignable(overload.receiver, target, bindings)) return undefined;
  if (!overload.params.every((param, index) => assignable(param, args[index]!, bindings))) return undefined;
  return substitute(overload.result, bindings);
}


