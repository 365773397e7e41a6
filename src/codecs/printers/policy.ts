/** Pod disruption budgets (printPodDisruptionBudget). */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, numberAt, valueAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

/** kube's printPodDisruptionBudget: MIN AVAILABLE and MAX UNAVAILABLE are int-or-string, `N/A` when unset. */
export const podDisruptionBudgetPrinter: Printer = {
  columns: [
    nameColumn,
    column('Min Available', 'The minimum number of pods that must be available.'),
    column('Max Unavailable', 'The maximum number of pods that may be unavailable.'),
    column('Allowed Disruptions', 'Calculated number of pods that may be disrupted at this time.', 'integer'),
    ageColumn,
  ],
  cells: (budget, now) => [
    nameOf(budget), intOrStringText(valueAt(budget, 'spec', 'minAvailable')), intOrStringText(valueAt(budget, 'spec', 'maxUnavailable')),
    numberAt(budget, 'status', 'disruptionsAllowed'), ageOf(budget, now),
  ],
};

/** IntOrString.String(): `1` or `50%`; `N/A` for an unset pointer. */
function intOrStringText(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'string') return String(value);
  return 'N/A';
}
