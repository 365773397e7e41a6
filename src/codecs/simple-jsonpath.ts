/**
 * The "simple" JSON paths CRDs use in additionalPrinterColumns: `.spec.size`, `.status.conditions[0].type`,
 * `.metadata.labels['app.kubernetes.io/name']`, `.spec.items[*].name` (the first match, as kube's
 * table convertor takes results[0][0]), and equality filters as conditions are read with,
 * `.status.conditions[?(@.type=="Ready")].status`. Anything else finds nothing.
 */
import { isJsonObject } from '../apimachinery/object.js';

type Step = { field: string } | { index: number } | { all: true } | { where: string; equals: string };

/** The steps of a path, or null when it is not a simple path. */
export function parseSimplePath(path: string): Step[] | null {
  const steps: Step[] = [];
  const pattern = /\.([A-Za-z0-9_\-$]+)|\[(\d+)\]|\[\*\]|\['([^']*)'\]|\["([^"]*)"\]|\[\?\(@\.([A-Za-z0-9_\-$]+)\s*==\s*(?:"([^"]*)"|'([^']*)')\)\]/y;
  let position = 0;
  while (position < path.length) {
    pattern.lastIndex = position;
    const match = pattern.exec(path);
    if (!match) return null;
    if (match[1] !== undefined) steps.push({ field: match[1] });
    else if (match[2] !== undefined) steps.push({ index: Number(match[2]) });
    else if (match[3] !== undefined || match[4] !== undefined) steps.push({ field: (match[3] ?? match[4])! });
    else if (match[5] !== undefined) steps.push({ where: match[5], equals: (match[6] ?? match[7])! });
    else steps.push({ all: true });
    position = pattern.lastIndex;
  }
  return steps.length ? steps : null;
}

/** The first value `path` finds in `object`, or undefined. */
export function evaluateSimplePath(object: unknown, path: string): unknown {
  const steps = parseSimplePath(path.trim().replace(/^\{(.*)\}$/, '$1'));
  return steps ? walk(object, steps) : undefined;
}

function walk(value: unknown, steps: Step[]): unknown {
  if (steps.length === 0) return value;
  const [step, ...rest] = steps as [Step, ...Step[]];
  if ('field' in step) return isJsonObject(value) ? walk(value[step.field], rest) : undefined;
  if (!Array.isArray(value)) return undefined;
  if ('index' in step) return walk(value[step.index], rest);
  const matching = 'where' in step ? value.filter((item) => isJsonObject(item) && item[step.where] === step.equals) : value;
  for (const item of matching) {
    const found = walk(item, rest);
    if (found !== undefined) return found;
  }
  return undefined;
}
