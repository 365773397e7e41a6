/**
 * The rule AST: @bufbuild/cel's parsed cel.expr.Expr turned into plain nodes, with cel-go's
 * optional forms restored from the markers of optional-syntax.ts (`_?._` and `_[?_]` calls,
 * optional list and map entries) and `x.optMap(v, e)` / `x.optFlatMap(v, e)` as their own node
 * (cel-go macros @bufbuild/cel does not expand). Offsets are the original source's.
 */
import { celUint, type CelValue, type parse } from '@bufbuild/cel';
import { optionalEntryMarker, optionalIndexMarker, optionalSelectMarker } from './optional-syntax.js';

interface NodeBase {
  id: number;
  offset: number;
}

export interface ConstNode extends NodeBase { kind: 'const'; value: CelValue }
export interface IdentNode extends NodeBase { kind: 'ident'; name: string }
export interface SelectNode extends NodeBase { kind: 'select'; operand: Node; field: string; testOnly: boolean }
export interface CallNode extends NodeBase { kind: 'call'; fn: string; target?: Node; args: Node[] }
export interface ListNode extends NodeBase { kind: 'list'; elements: Node[]; optional: boolean[] }
export interface MapEntry { key: Node; value: Node; optional: boolean }
export interface MapNode extends NodeBase { kind: 'map'; entries: MapEntry[] }
export interface ComprehensionNode extends NodeBase {
  kind: 'comprehension';
  iterVar: string;
  iterRange: Node;
  accuVar: string;
  accuInit: Node;
  loopCondition: Node;
  loopStep: Node;
  result: Node;
}
/** `target.optMap(name, body)` (flat: optFlatMap). */
export interface OptMapNode extends NodeBase { kind: 'optMap'; target: Node; name: string; body: Node; flat: boolean }

/** @bufbuild/cel's parsed expression (cel.expr.Expr). */
export type Expr = ReturnType<typeof parse>['expr'];
type Constant = Extract<Expr['exprKind'], { case: 'constExpr' }>['value']['constantKind'];

export type Node = ConstNode | IdentNode | SelectNode | CallNode | ListNode | MapNode | ComprehensionNode | OptMapNode;

/** Thrown for parsed forms rules cannot use (message construction `T{...}`). */
export class UnsupportedSyntax extends Error {
  constructor(message: string, readonly offset: number) {
    super(message);
  }
}

/** Converts a parsed expression; `offsetOf` maps node ids to original offsets. */
export function toNode(expr: Expr, offsetOf: (id: number) => number): Node {
  const id = Number(expr.id);
  const base = { id, offset: offsetOf(id) };
  const kind = expr.exprKind;
  switch (kind.case) {
    case 'constExpr': return { ...base, kind: 'const', value: constValue(kind.value.constantKind) };
    case 'identExpr': return { ...base, kind: 'ident', name: kind.value.name };
    case 'selectExpr': return selectNode(base, toNode(kind.value.operand!, offsetOf), kind.value.field, kind.value.testOnly);
    case 'callExpr': {
      const target = kind.value.target ? toNode(kind.value.target, offsetOf) : undefined;
      return callNode(base, kind.value.function, target, kind.value.args.map((arg) => toNode(arg, offsetOf)));
    }
    case 'listExpr': return listNode(base, kind.value.elements.map((element) => toNode(element, offsetOf)));
    case 'structExpr': {
      if (kind.value.messageName) throw new UnsupportedSyntax(`unknown type: ${kind.value.messageName}`, base.offset);
      const entries = kind.value.entries.map((entry) => mapEntry(toNode(entry.keyKind.value as Expr, offsetOf), toNode(entry.value!, offsetOf)));
      return { ...base, kind: 'map', entries };
    }
    case 'comprehensionExpr': {
      const c = kind.value;
      const sub = (e: Expr | undefined): Node => toNode(e!, offsetOf);
      return { ...base, kind: 'comprehension', iterVar: c.iterVar, iterRange: sub(c.iterRange), accuVar: c.accuVar, accuInit: sub(c.accuInit), loopCondition: sub(c.loopCondition), loopStep: sub(c.loopStep), result: sub(c.result) };
    }
    default: throw new UnsupportedSyntax('unsupported expression', base.offset);
  }
}

function constValue(constant: Constant): CelValue {
  switch (constant.case) {
    case 'uint64Value': return celUint(constant.value);
    case 'nullValue': return null;
    case 'int64Value': case 'doubleValue': case 'stringValue': case 'boolValue': case 'bytesValue': return constant.value;
    default: throw new UnsupportedSyntax(`unsupported constant ${constant.case}`, 0);
  }
}

function selectNode(base: NodeBase, operand: Node, field: string, testOnly: boolean): Node {
  if (!field.startsWith(optionalSelectMarker)) return { ...base, kind: 'select', operand, field, testOnly };
  const name = field.slice(optionalSelectMarker.length);
  return { ...base, kind: 'call', fn: '_?._', args: [operand, { id: -base.id, offset: base.offset + 2, kind: 'const', value: name }] };
}

const isMarkerCall = (node: Node, marker: string): node is CallNode & { args: [Node] } =>
  node.kind === 'call' && node.fn === marker && !node.target && node.args.length === 1;

function callNode(base: NodeBase, fn: string, target: Node | undefined, args: Node[]): Node {
  if (fn === '_[_]' && isMarkerCall(args[1]!, optionalIndexMarker)) return { ...base, kind: 'call', fn: '_[?_]', args: [args[0]!, args[1].args[0]] };
  const [variable, body] = args;
  if ((fn === 'optMap' || fn === 'optFlatMap') && target && args.length === 2 && variable?.kind === 'ident') {
    return { ...base, kind: 'optMap', target, name: variable.name, body: body!, flat: fn === 'optFlatMap' };
  }
  return target ? { ...base, kind: 'call', fn, target, args } : { ...base, kind: 'call', fn, args };
}

function listNode(base: NodeBase, elements: Node[]): ListNode {
  const optional = elements.map((element) => isMarkerCall(element, optionalEntryMarker));
  return { ...base, kind: 'list', elements: elements.map((element) => (isMarkerCall(element, optionalEntryMarker) ? element.args[0] : element)), optional };
}

function mapEntry(key: Node, value: Node): MapEntry {
  return isMarkerCall(key, optionalEntryMarker) ? { key: key.args[0], value, optional: true } : { key, value, optional: false };
}

/** The children of a node, in evaluation order. */
export function children(node: Node): Node[] {
  switch (node.kind) {
    case 'select': return [node.operand];
    case 'call': return node.target ? [node.target, ...node.args] : node.args;
    case 'list': return node.elements;
    case 'map': return node.entries.flatMap((entry) => [entry.key, entry.value]);
    case 'comprehension': return [node.iterRange, node.accuInit, node.loopCondition, node.loopStep, node.result];
    case 'optMap': return [node.target, node.body];
    default: return [];
  }
}
