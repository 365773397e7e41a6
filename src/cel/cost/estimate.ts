/**
 * The static cost estimate of a checked expression: cel-go's coster (checker/cost.go) with
 * kube's CostEstimator, and sizes from the schema: a list or map reached by a path from `self`
 * holds at most its maxItems / maxProperties (or what fits in a request), a string its maxLength
 * (4 bytes per rune); literals have their own size; anything else is unbounded. Identifiers cost
 * 1, field selection on maps and objects 1, has() nothing, list and map literals 10 and 30, a
 * comprehension its range, init and result plus range size times (condition + step).
 */
import type { NodeInfo } from '../check/checker.js';
import type { CheckType } from '../check/types.js';
import type { CallNode, ComprehensionNode, Node } from '../parse/ast.js';
import { costFactor } from '../limits.js';
import { estimateCall, type ArgNode } from './call-estimate.js';
import { add, multiply, range, sum, union, unknownSize, zero, type Range } from './estimates.js';

const scalarKinds = new Set(['bool', 'double', 'duration', 'int', 'timestamp', 'uint']);
/** cel-go's isScalar: fixed-width primitives, and optionals of them. */
const isScalar = (type: CheckType): boolean =>
  type.k === 'optional' ? isScalar(type.of) : type.k === 'prim' && scalarKinds.has(type.name);

class Estimator {
  private readonly computed = new Map<Node, Range>();

  constructor(private readonly info: Map<Node, NodeInfo>) {}

  private type(node: Node): CheckType {
    return this.info.get(node)?.type ?? { k: 'error' };
  }

  /** cel-go's sizeEstimate: computed or literal size, then the schema path, then scalars, else unbounded. */
  size(node: Node): Range {
    const computed = this.computed.get(node) ?? literalSize(node);
    if (computed) return computed;
    const decl = this.info.get(node)?.sizeDecl;
    if (decl) return range(0, decl.maxElements);
    return isScalar(this.type(node)) ? range(1) : unknownSize;
  }

  private argNode(node: Node): ArgNode {
    const decl = this.info.get(node)?.sizeDecl;
    const elementSize = decl?.kind === 'list' ? range(0, decl.elem.maxElements) : undefined;
    const literalInt = node.kind === 'const' && typeof node.value === 'bigint' ? node.value : undefined;
    return { size: this.size(node), type: this.type(node), ...(elementSize ? { elementSize } : {}), ...(literalInt !== undefined ? { literalInt } : {}) };
  }

  cost(node: Node): Range {
    switch (node.kind) {
      case 'const': return zero;
      case 'ident': return range(costFactor.selectAndIdent);
      case 'select': {
        if (this.info.get(node)?.type.k === 'type' && !this.info.has(node.operand)) return range(costFactor.selectAndIdent);
        // has() costs nothing at all with kube's PresenceTestHasCost(false).
        if (node.testOnly) return zero;
        const operand = this.cost(node.operand);
        const kind = this.type(node.operand).k;
        return kind === 'map' || kind === 'object' ? add(operand, range(costFactor.selectAndIdent)) : operand;
      }
      case 'call': return this.call(node);
      case 'list': return add(range(costFactor.listCreateBase), sum(node.elements.map((element) => this.cost(element))));
      case 'map': return add(range(costFactor.mapCreateBase), sum(node.entries.flatMap((entry) => [this.cost(entry.key), this.cost(entry.value)])));
      case 'comprehension': return this.comprehension(node);
      case 'optMap': return add(add(this.cost(node.target), this.cost(node.target)), add(this.cost(node.body), range(2)));
    }
  }

  private call(node: CallNode): Range {
    const [first, second, third] = node.args;
    if (node.fn === '_&&_' || node.fn === '_||_') {
      const [left, right] = [this.cost(first!), this.cost(second!)];
      return range(left.min, add(left, right).max);
    }
    if (node.fn === '_?_:_') {
      const result = add(this.cost(first!), union(this.cost(second!), this.cost(third!)));
      this.computed.set(node, union(this.size(second!), this.size(third!)));
      return result;
    }
    const info = this.info.get(node);
    const qualified = info?.qualifiedName;
    const target = node.target && !qualified ? node.target : undefined;
    const targetCost = target ? this.cost(target) : zero;
    const argCosts = node.args.map((arg) => this.cost(arg));
    const estimate = estimateCall(qualified ?? node.fn, info?.overload?.id ?? '', target && this.argNode(target), node.args.map((arg) => this.argNode(arg)), argCosts);
    if (estimate.resultSize) this.computed.set(node, estimate.resultSize);
    return add(targetCost, estimate.cost);
  }

  private comprehension(node: ComprehensionNode): Range {
    const fixed = sum([this.cost(node.iterRange), this.cost(node.accuInit)]);
    const perIteration = add(this.cost(node.loopCondition), this.cost(node.loopStep));
    const result = this.cost(node.result);
    const iterations = this.size(node.iterRange);
    this.computed.set(node, iterations);
    return sum([fixed, result, multiply(iterations, perIteration)]);
  }
}

/** ComputedSize of literals: string runes, bytes, list and map entries; 1 for other constants. */
function literalSize(node: Node): Range | undefined {
  if (node.kind === 'list') return range(node.elements.length);
  if (node.kind === 'map') return range(node.entries.length);
  if (node.kind !== 'const') return undefined;
  if (typeof node.value === 'string') return range([...node.value].length);
  return node.value instanceof Uint8Array ? range(node.value.length) : range(1);
}

/** The estimated cost range of a checked expression. */
export function estimateCost(node: Node, info: Map<Node, NodeInfo>): Range {
  return new Estimator(info).cost(node);
}
