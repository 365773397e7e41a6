/**
 * SetDefaults_ResourceList (pkg/apis/core/v1/defaults.go): every quantity of a resource map is
 * rounded up to milli and written back in its canonical text (`0.0001` becomes `1m`). Values
 * that do not parse are left as they are (kube's decoder has refused them already).
 */
import { formatQuantity } from '../../apimachinery/quantity-format.js';
import { parseQuantity, roundUpToScale } from '../../apimachinery/quantity.js';

/** The canonical text of a JSON quantity after SetDefaults_ResourceList, or the input when unparsable. */
export function canonicalResourceQuantity(input: unknown): unknown {
  const parsed = parseQuantity(input);
  return parsed ? formatQuantity(roundUpToScale(parsed, -3)) : input;
}

/** SetDefaults_ResourceList on a JSON resource map, in place. */
export function defaultResourceList(list: unknown): void {
  if (list === null || typeof list !== 'object' || Array.isArray(list)) return;
  const record = list as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = canonicalResourceQuantity(record[key]);
}
