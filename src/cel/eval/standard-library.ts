/**
 * @bufbuild/cel's standard library (operators, conversions, string and time functions, format,
 * strings.quote) as the fallback of the dispatcher. Its functions need an evaluation context
 * (a protobuf registry) that only @bufbuild/cel's own program runner sets, so evaluations run
 * inside `withStandardContext`, a one-call program whose function runs our interpreter. Results
 * are normalized: its lists and maps become ours, its errors become cel-go's texts.
 */
import { CelScalar, celEnv, celFunc, isCelError, isCelList, isCelMap, parse, plan, type CelValue } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { EvalError, KList, KMap, type MapKey, type Value } from '../values/kinds.js';
import { celGoErrorText } from './error-text.js';

let job: (() => unknown) | undefined;
let outcome: { value?: unknown; error?: unknown } = {};

const environment = celEnv({
  funcs: [
    ...strings,
    celFunc('__k8s_run', [], CelScalar.BOOL, () => {
      try {
        outcome = { value: job!() };
      } catch (error) {
        outcome = { error };
      }
      return true;
    }),
  ],
});
const runner = plan(environment, parse('__k8s_run()'));

/** Runs `fn` where @bufbuild/cel's functions can be called. Re-entrant. */
export function withStandardContext<T>(fn: () => T): T {
  const [savedJob, savedOutcome] = [job, outcome];
  job = fn;
  try {
    runner();
    if (outcome.error !== undefined) throw outcome.error;
    return outcome.value as T;
  } finally {
    [job, outcome] = [savedJob, savedOutcome];
  }
}

/** Our form of a @bufbuild/cel result. */
function fromStandard(result: unknown): Value {
  if (isCelError(result)) return new EvalError(celGoErrorText(result.message));
  if (result instanceof KList || result instanceof KMap) return result;
  if (isCelList(result)) return KList.of([...result].map(fromStandard));
  if (isCelMap(result)) return KMap.of(new Map([...result].map(([key, value]) => [key as MapKey, fromStandard(value)])));
  return result as Value;
}

/** Calls a standard function; undefined when it has no overload for these values. */
export function callStandard(id: number, name: string, target: Value | undefined, args: Value[]): Value | undefined {
  const group = environment.funcs.find(name);
  if (!group) return undefined;
  try {
    const result = group.call(id, target as CelValue | undefined, args as CelValue[]);
    return result === undefined ? undefined : fromStandard(result);
  } catch {
    return undefined;
  }
}

/** Whether @bufbuild/cel declares a function of this name. */
export const isStandardFunction = (name: string): boolean => environment.funcs.find(name) !== undefined;
