/**
 * Running one compiled expression with the per-call cost limit: the result value (or error value),
 * the actual cost spent, and whether the limit cancelled it.
 */
import type { Program } from './compile.js';
import { Interpreter } from './eval/interpreter.js';
import { withStandardContext } from './eval/standard-library.js';
import { CostLimitExceeded, CostTracker } from './eval/tracker.js';
import { perCallLimit } from './limits.js';
import type { Value } from './values/kinds.js';

export interface Evaluation {
  value: Value;
  cost: number;
  cancelled: boolean;
}

export function evaluateProgram(program: Program, variables: Record<string, Value>, limit = perCallLimit): Evaluation {
  const tracker = new CostTracker(limit);
  try {
    const value = withStandardContext(() => new Interpreter(program.info, tracker).run(program.node, variables));
    return { value, cost: tracker.cost, cancelled: false };
  } catch (error) {
    if (!(error instanceof CostLimitExceeded)) throw error;
    return { value: null, cost: tracker.cost, cancelled: true };
  }
}
