/**
 * cel-go's AST validators kube enables since 1.29 (ValidateDurationLiterals,
 * ValidateTimestampLiterals, ValidateRegexLiterals): constant arguments of duration(),
 * timestamp() and matches() must parse (`invalid duration argument`, `invalid timestamp`,
 * `invalid matches argument`, at the argument). Also the regex precompilation of find/findAll
 * (cel.OptimizeRegex), whose failure is a program instantiation error.
 */
import { RE2JS } from '@bufbuild/re2';
import { children, type Node } from '../parse/ast.js';
import type { Issue } from '../parse/issues.js';
import { callStandard, withStandardContext } from '../eval/standard-library.js';
import { EvalError } from '../values/kinds.js';

const isConst = (node: Node | undefined): node is Node & { kind: 'const' } => node?.kind === 'const';

function regexError(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return undefined;
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Issues of invalid literal arguments, in source order. */
export function literalIssues(root: Node): Issue[] {
  const issues: Issue[] = [];
  const visit = (node: Node): void => {
    if (node.kind === 'call' && !node.target && node.args.length === 1 && isConst(node.args[0])) {
      const [arg] = node.args;
      if (node.fn === 'duration' && typeof arg.value === 'string' && invalid('duration', arg.value)) issues.push({ offset: arg.offset, message: 'invalid duration argument' });
      if (node.fn === 'timestamp' && invalid('timestamp', arg.value)) issues.push({ offset: arg.offset, message: 'invalid timestamp' });
    }
    if (node.kind === 'call' && node.fn === 'matches') {
      const pattern = node.target ? node.args[0] : node.args[1];
      if (isConst(pattern) && regexError(pattern.value)) issues.push({ offset: pattern.offset, message: 'invalid matches argument' });
    }
    children(node).forEach(visit);
  };
  visit(root);
  return issues;
}

function invalid(fn: string, value: unknown): boolean {
  return withStandardContext(() => callStandard(0, fn, undefined, [value as string]) instanceof EvalError);
}

/** The first find/findAll constant pattern RE2 refuses, as kube reports it. */
export function regexPrecompileError(root: Node): string | undefined {
  if (root.kind === 'call' && (root.fn === 'find' || root.fn === 'findAll') && root.target && isConst(root.args[0])) {
    const error = regexError(root.args[0].value);
    if (error) return `program instantiation failed: ${error}`;
  }
  for (const child of children(root)) {
    const error = regexPrecompileError(child);
    if (error) return error;
  }
  return undefined;
}
