/**
 * Calls of functions: arguments evaluated strictly (the first error is the result), then
 * equality and list concatenation with kube's semantics, type() and dyn(), kube's libraries
 * (library/), and @bufbuild/cel's standard library for the rest; no applicable overload is cel-go's
 * `no such overload`. Each call adds its actual cost.
 */
import type { CallNode } from '../parse/ast.js';
import { runtimeLibrary } from '../library/index.js';
import { celEquals } from '../values/equality.js';
import { EvalError, KList, type Value } from '../values/kinds.js';
import { concatLists } from './access.js';
import { actualCallCost } from './actual-cost.js';
import type { Frame, Interpreter } from './interpreter.js';
import { typeOfValue } from './runtime-types.js';
import { callStandard } from './standard-library.js';

const conversions = new Set(['bool', 'bytes', 'double', 'duration', 'dyn', 'int', 'string', 'timestamp', 'type', 'uint']);
const library = runtimeLibrary((left, right) => invoke('_+_', 0, undefined, [left, right], ''));

/** Applies function `name` to evaluated values. */
export function invoke(name: string, id: number, target: Value | undefined, args: Value[], overloadId: string): Value {
  const [first, second] = args;
  switch (name) {
    case '_==_': return celEquals(first!, second!);
    case '_!=_': return !celEquals(first!, second!);
    case 'type': return typeOfValue(first!);
    case 'dyn': return first!;
    case '_+_': if (first instanceof KList && second instanceof KList) return concatLists(first, second);
  }
  for (const fn of library.get(name) ?? []) {
    const result = fn(target, args, overloadId);
    if (result !== undefined) return result;
  }
  // @bufbuild/cel declares only the receiver form of matches; cel-go has matches(string, string) too.
  if (name === 'matches' && target === undefined && args.length === 2) return callStandard(id, name, first, [second!]) ?? new EvalError('no such overload');
  return callStandard(id, name, target, args) ?? new EvalError('no such overload');
}

/** Evaluates a call node (not a special form). */
export function callFunction(interpreter: Interpreter, node: CallNode, frame: Frame): Value {
  const info = interpreter.info.get(node);
  const name = info?.qualifiedName ?? node.fn;
  const target = node.target && !info?.qualifiedName ? interpreter.eval(node.target, frame) : undefined;
  if (target instanceof EvalError) return target;
  const args: Value[] = [];
  for (const arg of node.args) {
    const value = interpreter.eval(arg, frame);
    if (value instanceof EvalError) return value;
    args.push(value);
  }
  const overloadId = info?.overload?.id ?? '';
  const result = invoke(name, node.id, target, args, overloadId);
  // cel-go folds type conversions of constants into constants.
  const folded = conversions.has(name) && node.args.length === 1 && node.args[0]!.kind === 'const' && !node.target;
  if (!folded) interpreter.tracker.add(actualCallCost(name, overloadId, target !== undefined ? [target, ...args] : args, result));
  return result;
}
