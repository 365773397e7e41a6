/**
 * A type checker for rules, close to cel-go's for what CRD rules meet: identifiers, field
 * selection on schema objects and maps (`undefined field 'x'`), has(), calls resolved against the
 * declared overloads (`undeclared reference to 'f' (in container '')`,
 * `found no matching overload for '_+_' applied to '(int, string)'`), homogeneous list and map
 * literals (`expected type 'int' but found 'string'`), comprehensions and optionals. Issues carry
 * cel-go's positions. Each node gets its type, overload and the schema type its path reaches.
 */
import type { DeclType, ScalarDecl } from '../decl-types.js';
import type { ComprehensionNode, MapNode, Node, OptMapNode, SelectNode } from '../parse/ast.js';
import type { Issue } from '../parse/issues.js';
import { issueOffset } from '../parse/positions.js';
import { resolveCall } from './calls.js';
import type { Overload } from './overloads.js';
import { Scope, typeNameType } from './scope.js';
import { assignable, dyn, errorType, formatType, fromDecl, isDynamic, listOf, mapOf, optionalOf, prim, type CheckType } from './types.js';

export interface NodeInfo {
  type: CheckType;
  overload?: Overload;
  /** The schema type at this node's path (identifiers, selections, iteration variables). */
  sizeDecl?: DeclType;
  /** For a call on a qualified name (`optional.of`): that name, the call has no receiver. */
  qualifiedName?: string;
}

export interface CheckEnvironment {
  root: DeclType;
  optionalOldSelf: boolean;
  source: string;
}

export interface CheckResult {
  type: CheckType;
  issues: Issue[];
  info: Map<Node, NodeInfo>;
  usesOldSelf: boolean;
}

/** Map keys have no schema of their own: kube sizes them as an unbounded-free string (0 elements). */
const mapKeyDecl: ScalarDecl = { kind: 'scalar', scalar: 'string', schema: { type: 'string' }, maxElements: 0, minSize: 2, name: 'string' };

export class Checker {
  readonly issues: Issue[] = [];
  readonly info = new Map<Node, NodeInfo>();
  usesOldSelf = false;

  constructor(readonly env: CheckEnvironment) {}

  /** Records an issue at `node` and returns the error type. */
  issue(node: Node, message: string): CheckType {
    this.issues.push({ offset: issueOffset(node, this.env.source), message });
    return errorType;
  }

  check(node: Node, scope: Scope): CheckType {
    const info = this.visit(node, scope);
    this.info.set(node, info);
    return info.type;
  }

  private visit(node: Node, scope: Scope): NodeInfo {
    switch (node.kind) {
      case 'const': return { type: constType(node.value) };
      case 'ident': return this.ident(node.name, node, scope);
      case 'select': return this.select(node, scope);
      case 'call': return resolveCall(this, node, scope);
      case 'list': return { type: listOf(this.homogeneous(node.elements, scope, (index) => node.optional[index] === true)) };
      case 'map': return this.map(node, scope);
      case 'comprehension': return this.comprehension(node, scope);
      case 'optMap': return this.optMap(node, scope);
    }
  }

  private ident(name: string, node: Node, scope: Scope): NodeInfo {
    const variable = scope.lookup(name);
    if (variable) {
      if (name === 'oldSelf') this.usesOldSelf = true;
      return { type: variable.type, sizeDecl: variable.sizeDecl ?? this.env.root };
    }
    const typeName = typeNameType(name);
    return typeName ? { type: typeName, sizeDecl: this.env.root } : { type: this.issue(node, `undeclared reference to '${name}' (in container '')`) };
  }

  /** The dotted name of an identifier chain that is not a variable (`net.IP`, `optional`), else undefined. */
  qualifiedName(node: Node, scope: Scope): string | undefined {
    if (node.kind === 'ident') return scope.lookup(node.name) ? undefined : node.name;
    if (node.kind !== 'select' || node.testOnly) return undefined;
    const prefix = this.qualifiedName(node.operand, scope);
    return prefix === undefined ? undefined : `${prefix}.${node.field}`;
  }

  private select(node: SelectNode, scope: Scope): NodeInfo {
    const qualified = this.qualifiedName(node, scope);
    const typeName = qualified === undefined ? undefined : typeNameType(qualified);
    if (typeName) return { type: typeName, sizeDecl: this.env.root };
    const operand = this.check(node.operand, scope);
    const field = this.selectField(operand, node.field, node);
    const parent = this.info.get(node.operand)?.sizeDecl;
    const sizeDecl = parent?.kind === 'object' ? parent.fields.get(node.field)?.type : undefined;
    return { type: node.testOnly ? (field.k === 'error' ? field : prim('bool')) : field, ...(sizeDecl ? { sizeDecl } : {}) };
  }

  /** The type of `operand.field`; optionals stay optional (cel-go's optional field chains). */
  selectField(operand: CheckType, field: string, node: Node): CheckType {
    if (operand.k === 'optional') {
      const inner = this.selectField(operand.of, field, node);
      return inner.k === 'error' || inner.k === 'optional' ? inner : optionalOf(inner);
    }
    if (isDynamic(operand)) return operand.k === 'error' ? operand : dyn;
    if (operand.k === 'map') return operand.value;
    if (operand.k === 'object') {
      const declared = operand.decl.fields.get(field);
      return declared ? fromDecl(declared.type) : this.issue(node, `undefined field '${field}'`);
    }
    return this.issue(node, `type '${formatType(operand)}' does not support field selection`);
  }

  /** The element type of a list literal (or of map keys/values): all elements of the first one's type. */
  private homogeneous(elements: Node[], scope: Scope, optional: (index: number) => boolean): CheckType {
    let expected: CheckType | undefined;
    elements.forEach((element, index) => {
      let type = this.check(element, scope);
      if (optional(index) && type.k === 'optional') type = type.of;
      if (type.k === 'error' || isDynamic(type)) return;
      if (!expected) expected = type;
      else if (!assignable(expected, type, new Map())) this.issue(element, `expected type '${formatType(expected)}' but found '${formatType(type)}'`);
    });
    return expected ?? dyn;
  }

  private map(node: MapNode, scope: Scope): NodeInfo {
    const keys = this.homogeneous(node.entries.map((entry) => entry.key), scope, () => false);
    const values = this.homogeneous(node.entries.map((entry) => entry.value), scope, (index) => node.entries[index]!.optional);
    return { type: mapOf(keys, values) };
  }

  private comprehension(node: ComprehensionNode, scope: Scope): NodeInfo {
    const range = this.check(node.iterRange, scope);
    const rangeDecl = this.info.get(node.iterRange)?.sizeDecl;
    let iterType: CheckType = dyn;
    let iterDecl: DeclType = this.env.root;
    if (range.k === 'list') {
      iterType = range.elem;
      if (rangeDecl?.kind === 'list') iterDecl = rangeDecl.elem;
    } else if (range.k === 'map') {
      iterType = range.key;
      if (rangeDecl?.kind === 'map') iterDecl = mapKeyDecl;
    } else if (!isDynamic(range)) {
      iterType = this.issue(node.iterRange, `expression of type '${formatType(range)}' cannot be range of a comprehension (must be list, map, or dynamic)`);
    }
    let accuType = this.check(node.accuInit, scope);
    const loopScope = scope.with(node.iterVar, { type: iterType, sizeDecl: iterDecl, iteration: true }).with(node.accuVar, { type: accuType });
    this.check(node.loopCondition, loopScope);
    const step = this.check(node.loopStep, loopScope);
    if (accuType.k === 'list' && isDynamic(accuType.elem) && step.k === 'list') accuType = step;
    return { type: this.check(node.result, scope.with(node.accuVar, { type: accuType })) };
  }

  private optMap(node: OptMapNode, scope: Scope): NodeInfo {
    const target = this.check(node.target, scope);
    const fn = node.flat ? 'optFlatMap' : 'optMap';
    if (target.k !== 'optional' && !isDynamic(target)) {
      return { type: this.issue(node, `found no matching overload for '${fn}' applied to '${formatType(target)}.(dyn, dyn)'`) };
    }
    const body = this.check(node.body, scope.with(node.name, { type: target.k === 'optional' ? target.of : dyn }));
    return { type: node.flat ? body : optionalOf(body) };
  }
}

/** The type of a literal. */
function constType(value: unknown): CheckType {
  switch (typeof value) {
    case 'bigint': return prim('int');
    case 'number': return prim('double');
    case 'string': return prim('string');
    case 'boolean': return prim('bool');
  }
  if (value === null) return prim('null');
  return value instanceof Uint8Array ? prim('bytes') : prim('uint');
}

/** Checks a rule or message expression with `self` (and `oldSelf`) of type `env.root`. */
export function checkExpression(node: Node, env: CheckEnvironment): CheckResult {
  const checker = new Checker(env);
  const self = fromDecl(env.root);
  const scope = new Scope()
    .with('self', { type: self, sizeDecl: env.root })
    .with('oldSelf', { type: env.optionalOldSelf ? optionalOf(self) : self, sizeDecl: env.root });
  const type = checker.check(node, scope);
  return { type, issues: checker.issues, info: checker.info, usesOldSelf: checker.usesOldSelf };
}
