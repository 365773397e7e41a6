/**
 * Index lists of Indexed Jobs ("1,3-5,7"), after validateIndexesFormat and parseIndexInterval in
 * pkg/apis/batch/validation/validation.go (v1.32).
 */
import { goQuote } from '../../apimachinery/go-format.js';

/** The number of indexes in the list, or kube's error text when it is malformed. */
export function validateIndexesFormat(text: string, completions: number): number | string {
  if (text.length === 0) return 0;
  let lastIndex: number | undefined;
  let total = 0;
  for (const interval of text.split(',')) {
    const parsed = parseIndexInterval(interval, completions);
    if (typeof parsed === 'string') return parsed;
    const [first, last] = parsed;
    if (lastIndex !== undefined && lastIndex >= first) return `non-increasing order, previous: ${lastIndex}, current: ${first}`;
    total += last - first + 1;
    lastIndex = last;
  }
  return total;
}

/** One `x` or `x-y` interval, or the error text. */
function parseIndexInterval(text: string, completions: number): [number, number] | string {
  const limits = text.split('-');
  if (limits.length > 2) return `the fragment ${goQuote(text)} violates the requirement that an index interval can have at most two parts separated by '-'`;
  const first = parseLimit(limits[0]!, completions);
  if (typeof first === 'string') return first;
  if (limits.length === 1) return [first, first];
  const last = parseLimit(limits[1]!, completions);
  if (typeof last === 'string') return last;
  if (first >= last) return `non-increasing order, previous: ${first}, current: ${last}`;
  return [first, last];
}

/** strconv.Atoi of one limit, below completions. */
function parseLimit(text: string, completions: number): number | string {
  if (!/^[+-]?[0-9]+$/.test(text)) return `cannot convert string to integer for index: ${goQuote(text)}`;
  const value = Number.parseInt(text, 10);
  if (value >= completions) return `too large index: ${goQuote(text)}`;
  return value;
}
