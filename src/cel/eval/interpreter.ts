/**
 * The rule interpreter over the checked AST: CEL's evaluation rules (commutative `&&` / `||` that
 * absorb errors, strict calls, comprehensions that keep looping after a condition error, optional
 * chaining), kube's value semantics (access.ts, values/), the library dispatch (dispatch.ts) and
 * actual cost tracking (tracker.ts). Errors are values until they decide the result.
 */
import type { NodeInfo } from '../check/checker.js';
import { typeNameType } from '../check/scope.js';
import type { CallNode, ComprehensionNode, ListNode, MapNode, Node, OptMapNode, SelectNode } from '../parse/ast.js';
import { EvalError, KList, KMap, Optional, type MapKey, type Value } from '../values/kinds.js';
import { contains, indexValue, selectField } from './access.js';
import { callFunction } from './dispatch.js';
import { typeNameValue } from './runtime-types.js';
import type { CostTracker } from './tracker.js';

class Frame {
  constructor(private readonly vars: ReadonlyMap<string, Value>, private readonly parent?: Frame) {}

  with(name: string, value: Value): Frame {
    return new Frame(new Map([[name, value]]), this);
  }

  lookup(name: string): Value | undefined {
    return this.vars.has(name) ? this.vars.get(name) : this.parent?.lookup(name);
  }
}

const isError = (value: Value): value is EvalError => value instanceof EvalError;
const isAttribute = (node: Node): boolean => node.kind === 'ident' || node.kind === 'select' || (node.kind === 'call' && ['_[_]', '_[?_]', '_?._'].includes(node.fn));
const isConstantLiteral = (nodes: Node[]): boolean => nodes.every((node) => node.kind === 'const');
/** An identifier, or selections and indexes by constants or identifiers on one. */
const isPureAttribute = (node: Node): boolean => {
  if (node.kind === 'ident') return true;
  if (node.kind === 'select') return !node.testOnly && isPureAttribute(node.operand);
  return node.kind === 'call' && node.fn === '_[_]' && isPureAttribute(node.args[0]!) && ['const', 'ident'].includes(node.args[1]!.kind);
};

export class Interpreter {
  constructor(readonly info: Map<Node, NodeInfo>, readonly tracker: CostTracker) {}

  run(node: Node, variables: Record<string, Value>): Value {
    return this.eval(node, new Frame(new Map(Object.entries(variables))));
  }

  eval(node: Node, frame: Frame): Value {
    switch (node.kind) {
      case 'const': return node.value;
      case 'ident': {
        const value = frame.lookup(node.name);
        if (value === undefined) return typeNameType(node.name) ? typeNameValue(node.name) : new EvalError(`no such attribute(s): ${node.name}`);
        this.tracker.add(1);
        return value;
      }
      case 'select': return this.select(node, frame);
      case 'call': return this.call(node, frame);
      case 'list': return this.list(node, frame);
      case 'map': return this.map(node, frame);
      case 'comprehension': return this.comprehension(node, frame);
      case 'optMap': return this.optMap(node, frame);
    }
  }

  private select(node: SelectNode, frame: Frame): Value {
    const info = this.info.get(node);
    if (info?.type.k === 'type' && !this.info.has(node.operand)) return typeNameValue(qualifiedName(node));
    const operand = this.eval(node.operand, frame);
    if (isError(operand)) return operand;
    if (!node.testOnly) this.tracker.add(1);
    return selectField(operand, node.field, node.testOnly, false);
  }

  private call(node: CallNode, frame: Frame): Value {
    const [first, second, third] = node.args;
    switch (node.fn) {
      case '_&&_': return this.logical(first!, second!, frame, false);
      case '_||_': return this.logical(first!, second!, frame, true);
      case '_?_:_': {
        const condition = this.eval(first!, frame);
        if (isError(condition)) return condition;
        if (typeof condition !== 'boolean') return new EvalError('no such overload');
        return this.branch(condition ? second! : third!, frame);
      }
      case '@not_strictly_false': {
        const value = this.eval(first!, frame);
        this.tracker.add(1);
        return value !== false;
      }
      case '_[_]': case '_[?_]': case '_?._': return this.access(node, frame);
      case '@in': {
        const [element, container] = [this.eval(first!, frame), this.eval(second!, frame)];
        if (isError(element)) return element;
        if (isError(container)) return container;
        // cel-go turns `x in [constants]` into a set lookup that costs nothing.
        const constantList = second!.kind === 'list' && isConstantLiteral(second!.elements);
        if (!constantList) this.tracker.add(container instanceof KList ? container.size : 1);
        return contains(container, element);
      }
    }
    return callFunction(this, node, frame);
  }

  /** A ternary branch: cel-go resolves a branch that is a plain attribute without counting its cost. */
  private branch(node: Node, frame: Frame): Value {
    if (!isPureAttribute(node)) return this.eval(node, frame);
    const cost = this.tracker.cost;
    const value = this.eval(node, frame);
    this.tracker.cost = cost;
    return value;
  }

  /** `&&` (or `||` when `or`): false (true) on either side decides, then errors, then the value. */
  private logical(left: Node, right: Node, frame: Frame, or: boolean): Value {
    const lhs = this.eval(left, frame);
    if (lhs === or) return or;
    const rhs = this.eval(right, frame);
    if (rhs === or) return or;
    if (typeof lhs === 'boolean' && typeof rhs === 'boolean') return !or;
    if (isError(lhs)) return lhs;
    if (isError(rhs)) return rhs;
    return new EvalError('no such overload');
  }

  private access(node: CallNode, frame: Frame): Value {
    const [operandNode, keyNode] = node.args as [Node, Node];
    const operand = this.eval(operandNode, frame);
    if (isError(operand)) return operand;
    // A variable key is a qualifier of the attribute: its own lookup is not counted.
    const cost = this.tracker.cost;
    const key = this.eval(keyNode, frame);
    if (keyNode.kind === 'ident') this.tracker.cost = cost;
    if (isError(key)) return key;
    this.tracker.add(isAttribute(operandNode) ? 1 : 2);
    if (node.fn === '_?._') return selectField(operand, String(key), false, true);
    return indexValue(operand, key, node.fn === '_[?_]');
  }

  private list(node: ListNode, frame: Frame): Value {
    const items: Value[] = [];
    for (const [index, element] of node.elements.entries()) {
      const value = this.eval(element, frame);
      if (isError(value)) return value;
      if (!node.optional[index]) items.push(value);
      else if (!(value instanceof Optional)) return new EvalError('no such overload');
      else if (value.value !== undefined) items.push(value.value);
    }
    if (!isConstantLiteral(node.elements)) this.tracker.add(10);
    return KList.of(items);
  }

  private map(node: MapNode, frame: Frame): Value {
    const entries = new Map<MapKey, Value>();
    for (const entry of node.entries) {
      const key = this.eval(entry.key, frame);
      if (isError(key)) return key;
      const value = this.eval(entry.value, frame);
      if (isError(value)) return value;
      const stored = typeof key === 'number' && Number.isInteger(key) ? BigInt(key) : key;
      if (typeof stored !== 'string' && typeof stored !== 'bigint' && typeof stored !== 'boolean') return new EvalError('unsupported key type');
      if (entries.has(stored)) return new EvalError(`Failed with repeated key: ${String(stored)}`);
      if (!entry.optional) entries.set(stored, value);
      else if (value instanceof Optional && value.value !== undefined) entries.set(stored, value.value);
    }
    if (!isConstantLiteral(node.entries.flatMap((entry) => [entry.key, entry.value]))) this.tracker.add(30);
    return KMap.of(entries);
  }

  private comprehension(node: ComprehensionNode, frame: Frame): Value {
    const range = this.eval(node.iterRange, frame);
    if (isError(range)) return range;
    let items: Iterable<Value>;
    if (range instanceof KList) items = range;
    else if (range instanceof KMap) items = range.keys();
    else return new EvalError('no such overload');
    let accumulator = this.eval(node.accuInit, frame);
    for (const item of items) {
      const loop = frame.with(node.iterVar, item).with(node.accuVar, accumulator);
      if (this.eval(node.loopCondition, loop) === false) break;
      accumulator = this.eval(node.loopStep, loop);
    }
    return this.eval(node.result, frame.with(node.accuVar, accumulator));
  }

  private optMap(node: OptMapNode, frame: Frame): Value {
    const target = this.eval(node.target, frame);
    if (isError(target)) return target;
    if (!(target instanceof Optional)) return new EvalError('no such overload');
    this.tracker.add(1);
    if (target.value === undefined) return Optional.none;
    const result = this.eval(node.body, frame.with(node.name, target.value));
    if (node.flat || isError(result)) return result;
    return new Optional(result);
  }
}

/** The dotted name of a select chain of identifiers. */
function qualifiedName(node: Node): string {
  if (node.kind === 'ident') return node.name;
  return node.kind === 'select' ? `${qualifiedName(node.operand)}.${node.field}` : '';
}

export type { Frame };
