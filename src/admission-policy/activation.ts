/**
 * The variables of one evaluation (admission/plugin/cel/activation.go) and running expressions
 * against them with kube's cost accounting: each expression has the per-call limit, a filter's
 * expressions share a budget, and variables (composition.go) are evaluated lazily, once per
 * activation, their cost charged to the expression that first reads them. Error texts are kube's:
 * `expression '<expr>' resulted in error: <cel error>`, `compilation error: <detail>`,
 * `composited variable "<name>" fails to evaluate: <cel error>`.
 */
import { evaluateProgram } from '../cel/evaluate.js';
import { EvalError, KObject, type Value } from '../cel/values/kinds.js';
import type { CompiledVariable } from './compiled-policy.js';
import { dynValue } from './dyn-values.js';
import type { CompiledExpression } from './expression.js';
import { dynDecl, objectDecl } from './request-type.js';

export const outOfBudget = 'validation failed due to running out of cost budget, no further validation rules will be run';

/** A filter's evaluation stopped: its budget ran out. */
export class BudgetExceeded extends Error {
  constructor() {
    super(outOfBudget);
  }
}

export interface EvaluationResult {
  value?: Value;
  /** The evaluation error text (the expression failed to compile or evaluate). */
  error?: string;
}

export interface ActivationInputs {
  object: unknown;
  oldObject: unknown;
  params: unknown;
  request: unknown;
  namespaceObject: unknown;
}

export class Activation {
  private compositionCost = 0;
  private readonly values: Record<string, Value>;

  constructor(inputs: ActivationInputs, variables: CompiledVariable[]) {
    this.values = {
      object: dynValue(inputs.object),
      oldObject: dynValue(inputs.oldObject),
      params: dynValue(inputs.params),
      request: dynValue(inputs.request),
      namespaceObject: dynValue(inputs.namespaceObject),
      variables: this.variablesValue(variables),
    };
  }

  private variablesValue(variables: CompiledVariable[]): KObject {
    const decl = objectDecl('kubernetes.variables', Object.fromEntries(variables.map((variable) => [variable.name, dynDecl])));
    const byName = new Map(variables.map((variable) => [variable.name, variable]));
    const raw = Object.fromEntries(variables.map((variable) => [variable.name, variable.name]));
    return new KObject(decl, raw, (name) => this.variable(byName.get(name as string)!));
  }

  private variable({ name, expression }: CompiledVariable): Value {
    if (expression.error !== undefined) return new EvalError(`composited variable "${name}" fails to compile: ${expression.error}`);
    const evaluation = evaluateProgram(expression.program, this.values);
    this.compositionCost += evaluation.cost;
    if (evaluation.cancelled) return new EvalError(`composited variable "${name}" fails to evaluate: operation cancelled: actual cost limit exceeded`);
    const value = evaluation.value;
    return value instanceof EvalError ? new EvalError(`composited variable "${name}" fails to evaluate: ${value.message}`) : value;
  }

  /** Evaluates one expression, spending from `budget.remaining`; throws BudgetExceeded when it runs out. */
  evaluate(expression: CompiledExpression, budget: { remaining: number }): EvaluationResult {
    if (expression.error !== undefined) return { error: `compilation error: ${expression.error}` };
    const evaluation = evaluateProgram(expression.program, this.values);
    const composition = this.compositionCost;
    this.compositionCost = 0;
    if (composition > budget.remaining) throw new BudgetExceeded();
    budget.remaining -= composition;
    if (evaluation.cost > budget.remaining) throw new BudgetExceeded();
    budget.remaining -= evaluation.cost;
    if (evaluation.cancelled) return { error: `expression '${expression.source}' resulted in error: operation cancelled: actual cost limit exceeded` };
    if (evaluation.value instanceof EvalError) return { error: `expression '${expression.source}' resulted in error: ${evaluation.value.message}` };
    return { value: evaluation.value };
  }
}
