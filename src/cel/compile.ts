/**
 * Compiling one rule of a schema node (apiextensions schema/cel/compilation.go compileRule):
 * parse, type-check against the node's CEL type (`oldSelf` optional with optionalOldSelf),
 * literal validators, bool result, static cost, then the messageExpression (string result) and
 * the normalized fieldPath. Details are kube's texts (`compilation failed: ERROR: <input>:1:6: ...`,
 * `cel expression must evaluate to a bool`, `messageExpression must evaluate to a string`).
 */
import { checkExpression, type NodeInfo } from './check/checker.js';
import { literalIssues, regexPrecompileError } from './check/literals.js';
import { isPrim } from './check/types.js';
import { estimateCost } from './cost/estimate.js';
import { maxCardinality, type DeclType } from './decl-types.js';
import { validFieldPath } from './field-path.js';
import type { Node } from './parse/ast.js';
import { displayIssues } from './parse/issues.js';
import { parseExpression } from './parse/parse.js';
import type { SchemaNode, ValidationRule } from '../schema/types.js';

/** A checked expression ready to evaluate. */
export interface Program {
  source: string;
  node: Node;
  info: Map<Node, NodeInfo>;
  /** Estimated worst-case cost (cel.EstimateCost's Max). */
  maxCost: number;
}

export interface CompiledRule {
  rule: ValidationRule;
  /** Undefined for an empty rule or when compilation failed. */
  program?: Program;
  /** kube's compilation error detail. */
  error?: string;
  usesOldSelf: boolean;
  /** The rule's worst-case invocations when its schema position is unbounded. */
  maxCardinality: number;
  messageExpression?: Program;
  messageExpressionError?: string;
  /** The fieldPath as a field.Path text, when valid. */
  fieldPath?: string;
}

type Compiled = { program: Program; usesOldSelf: boolean; typeOk: boolean } | { error: string };

/** Parses, checks and estimates one expression; `expected` is the result type kube requires. */
function compileExpression(source: string, decl: DeclType, optionalOldSelf: boolean, expected: 'bool' | 'string', prefix: string): Compiled {
  const parsed = parseExpression(source);
  if (parsed.issues) return { error: `${prefix}compilation failed: ${displayIssues(source, parsed.issues)}` };
  const checked = checkExpression(parsed.node, { root: decl, optionalOldSelf, source });
  const issues = checked.issues.length ? checked.issues : literalIssues(parsed.node);
  if (issues.length) return { error: `${prefix}compilation failed: ${displayIssues(source, issues)}` };
  const cost = estimateCost(parsed.node, checked.info);
  const program = { source, node: parsed.node, info: checked.info, maxCost: cost.max };
  return { program, usesOldSelf: checked.usesOldSelf, typeOk: isPrim(checked.type, expected) };
}

/** Compiles `rule` for a node of CEL type `decl` and structural schema `schema`. */
export function compileRule(rule: ValidationRule, decl: DeclType, schema: SchemaNode): CompiledRule {
  const result: CompiledRule = { rule, usesOldSelf: false, maxCardinality: maxCardinality(decl.minSize) };
  if (rule.rule.trim() === '') return result;
  const optionalOldSelf = rule.optionalOldSelf === true;
  const compiled = compileExpression(rule.rule, decl, optionalOldSelf, 'bool', '');
  if ('error' in compiled) return { ...result, error: compiled.error };
  if (!compiled.typeOk) return { ...result, error: 'cel expression must evaluate to a bool' };
  result.usesOldSelf = compiled.usesOldSelf;
  const regexError = regexPrecompileError(compiled.program.node);
  if (regexError) return { ...result, error: regexError };
  result.program = compiled.program;
  if (rule.messageExpression) {
    const message = compileExpression(rule.messageExpression, decl, optionalOldSelf, 'string', 'messageExpression ');
    if ('error' in message) result.messageExpressionError = message.error;
    else if (!message.typeOk) result.messageExpressionError = 'messageExpression must evaluate to a string';
    else result.messageExpression = message.program;
  }
  if (rule.fieldPath) {
    const normalized = validFieldPath(rule.fieldPath, schema);
    if (normalized.path !== undefined) result.fieldPath = normalized.path;
  }
  return result;
}
