/**
 * Error positions as cel-go reports them: operators at their token, calls at their `(`, selects
 * at their `.`, identifiers and literals at their first character. @bufbuild/cel records some
 * of these elsewhere (a binary operator at the space before it, `&&` at the start of its left
 * operand, a call at its name), so positions are derived from the source here.
 */
import type { Node } from './ast.js';

const operators: Record<string, string> = {
  '_==_': '==', '_!=_': '!=', '_<_': '<', '_<=_': '<=', '_>_': '>', '_>=_': '>=', '_+_': '+', '_-_': '-',
  '_*_': '*', '_/_': '/', '_%_': '%', '_&&_': '&&', '_||_': '||', '@in': 'in', '!_': '!', '-_': '-', '_?_:_': '?',
};

/** The smallest source offset in a subtree: where the expression starts. */
export function startOffset(node: Node): number {
  let start = node.id >= 0 ? node.offset : Number.MAX_SAFE_INTEGER;
  const visit = (child: Node | undefined): void => {
    if (child) start = Math.min(start, startOffset(child));
  };
  switch (node.kind) {
    case 'select': visit(node.operand); break;
    case 'call': visit(node.target); node.args.forEach(visit); break;
    case 'comprehension': visit(node.iterRange); break;
    case 'optMap': visit(node.target); break;
  }
  return start;
}

/** The offset cel-go reports for `node` in `source`. */
export function issueOffset(node: Node, source: string): number {
  if (node.kind !== 'call') return node.offset;
  const operator = operators[node.fn];
  if (operator) {
    const operand = node.fn === '_?_:_' ? node.args[1] : node.args[node.args.length - 1];
    const found = operand ? source.lastIndexOf(operator, startOffset(operand) - 1) : -1;
    return found === -1 ? node.offset : found;
  }
  if (node.fn === '_[_]' || node.fn === '_[?_]' || node.fn === '_?._') return node.offset;
  const open = source.indexOf('(', node.offset);
  return open === -1 ? node.offset : open;
}
