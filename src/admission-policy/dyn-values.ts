/**
 * Untyped JSON as CEL values (kube's UnstructuredToVal without a schema): objects are maps with
 * string keys, arrays atomic lists, integral numbers int, other numbers double, null null. A
 * missing key reads as `no such key: x`, a key holding null reads as null, as in kube.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import { EvalError, KList, KMap, type Value } from '../cel/values/kinds.js';

/** The CEL value of decoded JSON. */
export function dynValue(raw: unknown): Value {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'boolean') return raw;
  if (typeof raw === 'number') return Number.isInteger(raw) ? BigInt(raw) : raw;
  if (typeof raw === 'bigint') return raw;
  if (Array.isArray(raw)) return new KList(raw.length, (index) => dynValue(raw[index]));
  if (isJsonObject(raw)) return new KMap(Object.keys(raw), (key) => dynValue(raw[key as string]));
  return new EvalError(`unsupported type conversion from ${typeof raw}`);
}
