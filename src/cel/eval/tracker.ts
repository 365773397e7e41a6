/**
 * Actual cost tracking, as cel-go's CostTracker counts it while evaluating (this is a count of
 * evaluation steps weighted by kube's and cel-go's per-function costs, not an estimate): 1 per
 * identifier, field selection and index, the call costs of actual-cost.ts, 10 per list and 30 per
 * map literal (0 for literals of constants, which cel-go folds). Exceeding the per-call limit
 * aborts the evaluation with cel-go's `operation cancelled: actual cost limit exceeded`.
 */

export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded');
  }
}

export class CostTracker {
  cost = 0;

  constructor(readonly limit: number) {}

  add(amount: number): void {
    this.cost += amount;
    if (this.cost > this.limit) throw new CostLimitExceeded();
  }
}
