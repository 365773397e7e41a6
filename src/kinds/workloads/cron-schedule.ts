/**
 * CronJob schedules as github.com/robfig/cron/v3 ParseStandard reads them (the parser kube v1.32
 * uses): an optional `TZ=`/`CRON_TZ=` prefix, then a descriptor (`@hourly`, `@every 1h30m`, ...)
 * or exactly five fields (minute, hour, day of month, month, day of week), each a comma list of
 * `*`, `?`, `n`, `a-b`, optionally `/step`, months and days also by name. Only the error text
 * matters here: kube stores the schedule as written.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { loadLocationError, parseDurationError } from '../../apimachinery/go-time.js';

interface Bounds {
  min: number;
  max: number;
  names?: Record<string, number>;
}

const months = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, oct: 10, nov: 11, dec: 12 };
const weekdays = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

/** Second (always "0" for the standard parser), minute, hour, day of month, month, day of week. */
const fieldBounds: Bounds[] = [
  { min: 0, max: 59 }, { min: 0, max: 59 }, { min: 0, max: 23 }, { min: 1, max: 31 },
  { min: 1, max: 12, names: months }, { min: 0, max: 6, names: weekdays },
];

const descriptors = new Set(['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly']);

/** cron.ParseStandard's error text for the schedule, or undefined when it parses. */
export function cronScheduleError(schedule: string): string | undefined {
  if (schedule.length === 0) return 'empty spec string';
  let spec = schedule;
  if (spec.startsWith('TZ=') || spec.startsWith('CRON_TZ=')) {
    // kube's parser panics when nothing follows the location; here the rest is simply empty.
    const space = spec.indexOf(' ');
    const location = spec.slice(spec.indexOf('=') + 1, space < 0 ? undefined : space);
    const locationError = loadLocationError(location);
    if (locationError) return `provided bad location ${location}: ${locationError}`;
    spec = space < 0 ? '' : spec.slice(space).trim();
  }
  if (spec.startsWith('@')) return descriptorError(spec);
  const fields = spec.split(/\s+/).filter((field) => field !== '');
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  const all = ['0', ...fields];
  for (const [index, field] of all.entries()) {
    const error = fieldError(field, fieldBounds[index]!);
    if (error) return error;
  }
  return undefined;
}

function descriptorError(spec: string): string | undefined {
  if (descriptors.has(spec)) return undefined;
  if (spec.startsWith('@every ')) {
    const error = parseDurationError(spec.slice('@every '.length));
    return error ? `failed to parse duration ${spec}: ${error}` : undefined;
  }
  return `unrecognized descriptor: ${spec}`;
}

/** getField: every comma-separated range must parse. */
function fieldError(field: string, bounds: Bounds): string | undefined {
  for (const expression of field.split(',').filter((part) => part !== '')) {
    const error = rangeError(expression, bounds);
    if (error) return error;
  }
  return undefined;
}

/** getRange's checks, in its order. */
function rangeError(expression: string, bounds: Bounds): string | undefined {
  const rangeAndStep = expression.split('/');
  const lowAndHigh = rangeAndStep[0]!.split('-');
  let start = bounds.min;
  let end = bounds.max;
  if (lowAndHigh[0] !== '*' && lowAndHigh[0] !== '?') {
    const low = parseIntOrName(lowAndHigh[0]!, bounds.names);
    if (typeof low === 'string') return low;
    start = low;
    end = low;
    if (lowAndHigh.length === 2) {
      const high = parseIntOrName(lowAndHigh[1]!, bounds.names);
      if (typeof high === 'string') return high;
      end = high;
    } else if (lowAndHigh.length > 2) return `too many hyphens: ${expression}`;
  }
  let step = 1;
  if (rangeAndStep.length === 2) {
    const parsed = parseNonNegativeInt(rangeAndStep[1]!);
    if (typeof parsed === 'string') return parsed;
    step = parsed;
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = bounds.max;
  } else if (rangeAndStep.length > 2) return `too many slashes: ${expression}`;
  if (start < bounds.min) return `beginning of range (${start}) below minimum (${bounds.min}): ${expression}`;
  if (end > bounds.max) return `end of range (${end}) above maximum (${bounds.max}): ${expression}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${expression}`;
  if (step === 0) return `step of range should be a positive number: ${expression}`;
  return undefined;
}

function parseIntOrName(text: string, names: Record<string, number> | undefined): number | string {
  const named = names?.[text.toLowerCase()];
  return named ?? parseNonNegativeInt(text);
}

/** mustParseInt: strconv.Atoi, then no negatives. */
function parseNonNegativeInt(text: string): number | string {
  if (!/^[+-]?[0-9]+$/.test(text)) return `failed to parse int from ${text}: strconv.Atoi: parsing ${goQuote(text)}: invalid syntax`;
  const exact = BigInt(text);
  const value = Number(exact);
  if (exact > 2n ** 63n - 1n || exact < -(2n ** 63n)) {
    return `failed to parse int from ${text}: strconv.Atoi: parsing ${goQuote(text)}: value out of range`;
  }
  if (value < 0) return `negative number (${value}) not allowed: ${text}`;
  return value;
}
