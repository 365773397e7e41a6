// The control plane scenario: every step of scenario-workloads.mjs and scenario-operations.mjs, in
// order, against one cluster (kube-apiserver or edge-apiserver, with the same controllers and
// simulated nodes). The end-to-end suite asserts each outcome; the comparison script runs it on
// both servers and compares.
import { isDeepStrictEqual } from 'node:util';
import { operationSteps } from './scenario-operations.mjs';
import { workloadSteps } from './scenario-workloads.mjs';

/** The steps, in the order they must run (later steps use what earlier ones made). */
export const scenarioSteps = [...workloadSteps, ...operationSteps];

/** What a step must answer in `context`. */
export const expectedOutcome = (step, context) => (typeof step.expected === 'function' ? step.expected(context) : step.expected);

/**
 * Runs every step; answers [{ name, outcome, expected, ok, seconds }] (a step that throws has
 * outcome { error }); `onStep` sees each result as it comes.
 */
export async function runScenario(context, onStep = () => {}) {
  const results = [];
  for (const step of scenarioSteps) {
    const started = Date.now();
    let outcome;
    try {
      outcome = await step.run(context);
    } catch (error) {
      outcome = { error: error instanceof Error ? error.message : String(error) };
    }
    const expected = expectedOutcome(step, context);
    const result = { name: step.name, outcome, expected, ok: sameData(outcome, expected), seconds: (Date.now() - started) / 1000 };
    results.push(result);
    onStep(result);
  }
  return results;
}

/** Deep equality of plain data. */
export const sameData = (a, b) => isDeepStrictEqual(a, b);
