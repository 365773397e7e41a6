/**
 * evalMessageExpression (apiextensions schema/cel/validation.go): a messageExpression's result
 * replaces the rule's message when it is a non-empty single-line string of at most 5120 bytes.
 * Running out of budget or over the per-call limit stops validation with its own error; other
 * failures fall back to the message (kube logs them at verbosity 2, `messageExpression evaluation
 * failed due to: ...`), their cost still spent.
 */
import type { Program } from './compile.js';
import { evaluateProgram, type Evaluation } from './evaluate.js';
import { maxEvaluatedMessageExpressionSizeBytes } from './limits.js';
import { EvalError, type Value } from './values/kinds.js';

export type MessageOutcome =
  | { kind: 'message'; text: string; remaining: number }
  | { kind: 'fallback'; reason: string; remaining: number }
  | { kind: 'stop'; detail: string };

export function evalMessageExpression(program: Program, variables: Record<string, Value>, remaining: number): MessageOutcome {
  const evaluation: Evaluation = evaluateProgram(program, variables);
  if (evaluation.cost > remaining) {
    return { kind: 'stop', detail: 'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run' };
  }
  if (evaluation.cancelled) {
    return { kind: 'stop', detail: `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${JSON.stringify(program.source)}` };
  }
  const left = remaining - evaluation.cost;
  const result = evaluation.value;
  if (result instanceof EvalError) return { kind: 'fallback', reason: `messageExpression evaluation failed due to: ${result.message}`, remaining: left };
  if (typeof result !== 'string') return { kind: 'fallback', reason: 'messageExpression failed to convert to string', remaining: left };
  const text = result.trim();
  if (new TextEncoder().encode(text).length > maxEvaluatedMessageExpressionSizeBytes) {
    return { kind: 'fallback', reason: `messageExpression beyond allowable length of ${maxEvaluatedMessageExpressionSizeBytes}`, remaining: left };
  }
  if (/\n/.test(text)) return { kind: 'fallback', reason: 'messageExpression should not contain line breaks', remaining: left };
  if (text === '') return { kind: 'fallback', reason: 'messageExpression should evaluate to a non-empty string', remaining: left };
  return { kind: 'message', text, remaining: left };
}
