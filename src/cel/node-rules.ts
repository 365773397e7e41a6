/**
 * validateExpressions (apiextensions schema/cel/validation.go): the rules of one node on one
 * value. Transition rules (using oldSelf) run only with an old value, unless optionalOldSelf.
 * Each rule's actual cost comes off the request budget; running out, or one evaluation over the
 * per-call limit, stops all validation. Rule errors of rules without oldSelf are ratcheted into
 * warnings when the value is unchanged.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import type { CompiledRule } from './compile.js';
import { shouldRatchet, type Ratcheting } from './correlation.js';
import { childPath, invalidAt, outOfBudget, reasonError, ruleErrorString, ruleMessage, warningText } from './errors.js';
import { evaluateProgram } from './evaluate.js';
import { evalMessageExpression } from './message-expression.js';
import type { RuleNode } from './rule-tree.js';
import { toValue } from './values/convert.js';
import { EvalError, Optional, type Value } from './values/kinds.js';

/** The state of one validation: errors, warnings and the remaining budget (negative once stopped). */
export interface ValidationState {
  errors: FieldError[];
  warnings: string[];
  remaining: number;
}

interface Activations {
  plain: Record<string, Value>;
  optional: Record<string, Value>;
}

function activations(node: RuleNode, value: unknown, old: unknown): Activations {
  const self = toValue(value, node.decl);
  if (!node.rules.some((rule) => rule.usesOldSelf)) return { plain: { self }, optional: { self } };
  if (old === undefined || old === null) return { plain: { self }, optional: { self, oldSelf: Optional.none } };
  const oldSelf = toValue(old, node.decl);
  return { plain: { self, oldSelf }, optional: { self, oldSelf: new Optional(oldSelf) } };
}

/** Runs the rules of `node` on `value` (with `old` on updates); returns false once validation must stop. */
export function validateRules(node: RuleNode, path: string, value: unknown, old: unknown, ratcheting: Ratcheting, state: ValidationState): boolean {
  if (value === null || value === undefined || node.rules.length === 0) return true;
  const typeName = node.schema.type ?? '';
  if (state.remaining <= 0) {
    state.errors.push(invalidAt(path, typeName, outOfBudget));
    state.remaining = -1;
    return false;
  }
  const vars = activations(node, value, old);
  for (const compiled of node.rules) {
    if (!runRule(compiled, path, typeName, old, vars, ratcheting, state)) return false;
  }
  return true;
}

function runRule(compiled: CompiledRule, path: string, typeName: string, old: unknown, vars: Activations, ratcheting: Ratcheting, state: ValidationState): boolean {
  const { rule, program } = compiled;
  if (compiled.error) {
    state.errors.push(invalidAt(path, typeName, `rule compile error: ${compiled.error}`));
    return true;
  }
  if (!program) return true;
  const optionalOldSelf = rule.optionalOldSelf === true;
  if (compiled.usesOldSelf && (old === undefined || old === null) && !optionalOldSelf) return true;
  const evaluation = evaluateProgram(program, optionalOldSelf ? vars.optional : vars.plain);
  if (evaluation.cost > state.remaining) {
    state.errors.push(invalidAt(path, typeName, outOfBudget));
    state.remaining = -1;
    return false;
  }
  state.remaining -= evaluation.cost;
  if (evaluation.cancelled) {
    state.errors.push(invalidAt(path, typeName, `'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(rule)}`));
    state.remaining = -1;
    return false;
  }
  if (evaluation.value instanceof EvalError) {
    const message = evaluation.value.message;
    const detail = message.startsWith('no such overload')
      ? `'${message}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`
      : `${message} evaluating rule: ${ruleErrorString(rule)}`;
    state.errors.push(invalidAt(path, typeName, detail));
    return true;
  }
  if (evaluation.value === true) return true;
  return reportFailure(compiled, path, typeName, vars, ratcheting, state);
}

function reportFailure(compiled: CompiledRule, path: string, typeName: string, vars: Activations, ratcheting: Ratcheting, state: ValidationState): boolean {
  const at = compiled.fieldPath ? childPath(path, compiled.fieldPath) : path;
  const add = (error: FieldError): void => {
    if (!compiled.usesOldSelf && shouldRatchet(ratcheting)) state.warnings.push(warningText(error));
    else state.errors.push(error);
  };
  let detail = ruleMessage(compiled.rule);
  if (compiled.messageExpression) {
    // kube evaluates messageExpression with the activation whose oldSelf is not optional.
    const outcome = evalMessageExpression(compiled.messageExpression, vars.plain, state.remaining);
    if (outcome.kind === 'stop') {
      add(invalidAt(at, typeName, outcome.detail));
      state.remaining = -1;
      return false;
    }
    state.remaining = outcome.remaining;
    if (outcome.kind === 'message') detail = outcome.text;
  }
  add(reasonError(at, typeName, detail, compiled.rule.reason));
  return true;
}
