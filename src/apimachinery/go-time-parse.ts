/**
 * Go's time.Parse for the two layouts kube's time types decode with (metav1.Time: RFC3339,
 * metav1.MicroTime: RFC3339Micro), returning Go's error text so that decode errors read as
 * kube's: `parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"`.
 * A port of the chunk loop of Go's time/format.go parse() restricted to the elements these
 * layouts use; quirks kept: hours take one or two digits, a fraction after the seconds is
 * accepted even when the layout has none, range errors name the element ("month out of range").
 */
import { goTimeQuote } from './go-time.js';

type LayoutElement = '2006' | '01' | '02' | '15' | '04' | '05' | '.000000' | 'Z07:00';

interface Chunk {
  prefix: string;
  element: LayoutElement;
}

interface Layout {
  text: string;
  chunks: Chunk[];
}

const dateAndTime: Chunk[] = [
  { prefix: '', element: '2006' }, { prefix: '-', element: '01' }, { prefix: '-', element: '02' },
  { prefix: 'T', element: '15' }, { prefix: ':', element: '04' }, { prefix: ':', element: '05' },
];

/** time.RFC3339, the layout of metav1.Time. */
export const RFC3339: Layout = { text: '2006-01-02T15:04:05Z07:00', chunks: [...dateAndTime, { prefix: '', element: 'Z07:00' }] };

/** metav1.RFC3339Micro, the layout of metav1.MicroTime. */
export const RFC3339Micro: Layout = {
  text: '2006-01-02T15:04:05.000000Z07:00',
  chunks: [...dateAndTime, { prefix: '', element: '.000000' }, { prefix: '', element: 'Z07:00' }],
};

const isDigit = (text: string, at: number): boolean => at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57;
const isCommaOrPeriod = (text: string, at: number): boolean => text[at] === '.' || text[at] === ',';

class BadValue extends Error {}

/** Go's getnum: one or two digits (exactly two when `fixed`). */
function getNumber(text: string, fixed: boolean): [number, string] {
  if (!isDigit(text, 0)) throw new BadValue();
  if (!isDigit(text, 1)) {
    if (fixed) throw new BadValue();
    return [text.charCodeAt(0) - 48, text.slice(1)];
  }
  return [(text.charCodeAt(0) - 48) * 10 + text.charCodeAt(1) - 48, text.slice(2)];
}

/** Go's atoi: optional sign, then digits only. */
function atoi(text: string): number {
  const match = /^([+-]?)(\d*)$/.exec(text);
  if (!match) throw new BadValue();
  const magnitude = match[2] ? Number(match[2]) : 0;
  return match[1] === '-' ? -magnitude : magnitude;
}

function parseError(layout: Layout, value: string, layoutElement: string, valueElement: string, message = ''): string {
  if (message) return `parsing time ${goTimeQuote(value)}${message}`;
  return `parsing time ${goTimeQuote(value)} as ${goTimeQuote(layout.text)}: cannot parse ${goTimeQuote(valueElement)} as ${goTimeQuote(layoutElement)}`;
}

function daysIn(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

interface Parsed {
  year: number;
  month: number;
  day: number;
  rangeError: string;
  rest: string;
}

/** Go's parseNanoseconds: only its validity and range outcome matter here. */
function checkNanoseconds(text: string, length: number): string {
  if (!isCommaOrPeriod(text, 0)) throw new BadValue();
  const digits = text.slice(1, Math.min(length, 10));
  return atoi(digits) < 0 ? 'fractional second' : '';
}

/** Consumes one layout element from `value` into `parsed`; throws BadValue on malformed input. */
function consume(chunks: Chunk[], index: number, parsed: Parsed): void {
  const value = parsed.rest;
  let number: number;
  switch (chunks[index]!.element) {
    case '2006':
      if (value.length < 4 || !isDigit(value, 0)) throw new BadValue();
      parsed.year = atoi(value.slice(0, 4));
      parsed.rest = value.slice(4);
      return;
    case '01':
      [number, parsed.rest] = getNumber(value, true);
      parsed.month = number;
      if (number <= 0 || number > 12) parsed.rangeError = 'month';
      return;
    case '02':
      [parsed.day, parsed.rest] = getNumber(value, true);
      return;
    case '15':
      [number, parsed.rest] = getNumber(value, false);
      if (number >= 24) parsed.rangeError = 'hour';
      return;
    case '04':
      [number, parsed.rest] = getNumber(value, true);
      if (number >= 60) parsed.rangeError = 'minute';
      return;
    case '05':
      consumeSeconds(chunks, index, parsed);
      return;
    case '.000000':
      if (value.length < 7) throw new BadValue();
      parsed.rangeError = checkNanoseconds(value, 7);
      parsed.rest = value.slice(7);
      return;
    case 'Z07:00':
      consumeZone(parsed);
      return;
  }
}

function consumeSeconds(chunks: Chunk[], index: number, parsed: Parsed): void {
  let number: number;
  [number, parsed.rest] = getNumber(parsed.rest, true);
  if (number >= 60) {
    parsed.rangeError = 'second';
    return;
  }
  const value = parsed.rest;
  // A fraction the layout does not spell out is still accepted (Go's special case).
  if (value.length >= 2 && isCommaOrPeriod(value, 0) && isDigit(value, 1) && chunks[index + 1]?.element !== '.000000') {
    let end = 2;
    while (isDigit(value, end)) end++;
    parsed.rangeError = checkNanoseconds(value, end);
    parsed.rest = value.slice(end);
  }
}

function consumeZone(parsed: Parsed): void {
  const value = parsed.rest;
  if (value[0] === 'Z') {
    parsed.rest = value.slice(1);
    return;
  }
  if (value.length < 6 || value[3] !== ':') throw new BadValue();
  // Go checks the ranges even after a malformed minute, and a range error wins over a bad sign.
  let malformed = value[0] !== '+' && value[0] !== '-';
  let hours = 0;
  let minutes = 0;
  try {
    [hours] = getNumber(value.slice(1, 3), true);
    [minutes] = getNumber(value.slice(4, 6), true);
  } catch {
    malformed = true;
  }
  if (hours > 24) parsed.rangeError = 'time zone offset hour';
  if (minutes > 60) parsed.rangeError = 'time zone offset minute';
  parsed.rest = value.slice(6);
  if (malformed && !parsed.rangeError) throw new BadValue();
}

/** Go's time.Parse(layout, value) error text, or null when Go accepts `value`. */
export function goTimeParseError(layout: Layout, value: string): string | null {
  const parsed: Parsed = { year: 0, month: -1, day: -1, rangeError: '', rest: value };
  for (let index = 0; index < layout.chunks.length; index++) {
    const { prefix, element } = layout.chunks[index]!;
    if (prefix && !parsed.rest.startsWith(prefix)) return parseError(layout, value, prefix, parsed.rest);
    parsed.rest = parsed.rest.slice(prefix.length);
    const hold = parsed.rest;
    try {
      consume(layout.chunks, index, parsed);
    } catch (error) {
      if (!(error instanceof BadValue)) throw error;
      return parseError(layout, value, element, hold);
    }
    if (parsed.rangeError) return parseError(layout, value, element, parsed.rest, `: ${parsed.rangeError} out of range`);
  }
  if (parsed.rest.length) return parseError(layout, value, '', parsed.rest, `: extra text: ${goTimeQuote(parsed.rest)}`);
  if (parsed.day < 1 || parsed.day > daysIn(parsed.month, parsed.year)) return parseError(layout, value, '', parsed.rest, ': day out of range');
  return null;
}
