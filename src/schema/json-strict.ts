/**
 * JSON request bodies decoded as kube's strict decoder sees them: the value JSON.parse returns
 * (a repeated key keeps its last value), plus every repeated key with its dotted path
 * (`data.a`, `spec.containers[0].name`) in document order, plus the raw text of numbers that
 * JSON.parse cannot reproduce (`1.0`, `1e3`, 17-digit integers), which Go's decoder rejects or
 * reports verbatim for integer fields. Invalid JSON throws JsonSyntaxError with Go's text.
 *
 * Speed: the value comes from the native JSON.parse; one extra pass over the text finds keys
 * (string bodies are skipped with indexOf) without building anything unless a key repeats.
 */
import { goJsonSyntaxErrorText, maxJsonNestingDepth } from '../apimachinery/json-syntax.js';

/** A repeated key: `path` = `parent` + key; `after` is the last new key before the repeat. */
export interface DuplicateField {
  path: string;
  parent: string;
  key: string;
  after: string;
}

/** What the strict parsers return; `yamlError` only for YAML, the rest empty for YAML. */
export interface StrictDecoded {
  value: unknown;
  /** Dotted paths of repeated keys, in document order. */
  duplicates: string[];
  /** The same repeats with their position in their object (JSON only), for kube's error order. */
  duplicateFields: DuplicateField[];
  /** Raw text of numbers JSON.parse does not round-trip, by dotted path (JSON only). */
  numberLiterals: ReadonlyMap<string, string>;
  /** go-yaml's strict error for repeated keys, as kube reports it (YAML only). */
  yamlError?: string;
}

/** A body that is not JSON; the message is Go's (`invalid character 'n' looking for beginning of object key string`). */
export class JsonSyntaxError extends Error {
  override readonly name = 'JsonSyntaxError';
}

/** Keys compared by linear search up to this many per object, then through a Set. */
const linearKeyLimit = 16;

const QUOTE = 34;
const BACKSLASH = 92;

/** Per-depth scanner state, kept in parallel arrays reused across objects. */
class ContainerStack {
  depth = -1;
  readonly isObject: boolean[] = [];
  /** Key or index of the child being read at each depth. */
  readonly current: (string | number)[] = [];
  readonly keys: string[][] = [];
  readonly keySets: (Set<string> | undefined)[] = [];
  readonly lastNewKey: string[] = [];

  open(isObject: boolean): void {
    const depth = ++this.depth;
    this.isObject[depth] = isObject;
    this.current[depth] = isObject ? '' : 0;
    if (isObject) {
      (this.keys[depth] ??= []).length = 0;
      this.keySets[depth] = undefined;
      this.lastNewKey[depth] = '';
    }
  }

  /** Dotted path of the container at `depth` (`spec.containers[0]`). */
  pathOf(depth: number): string {
    let path = '';
    for (let level = 0; level < depth; level++) path = appendSegment(path, this.isObject[level]!, this.current[level]!);
    return path;
  }

  /** Records `key` in the open object; true when it was seen before. */
  seenBefore(key: string): boolean {
    const depth = this.depth;
    const keys = this.keys[depth]!;
    let set = this.keySets[depth];
    if (set) {
      if (set.has(key)) return true;
      set.add(key);
    } else {
      if (keys.includes(key)) return true;
      keys.push(key);
      if (keys.length > linearKeyLimit) this.keySets[depth] = set = new Set(keys);
    }
    this.lastNewKey[depth] = key;
    return false;
  }
}

function appendSegment(path: string, inObject: boolean, segment: string | number): string {
  if (!inObject) return `${path}[${segment}]`;
  return path ? `${path}.${segment}` : String(segment);
}

/** Index of the quote closing the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let end = text.indexOf('"', start + 1);
  for (;;) {
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

/** True when JSON.parse's number prints back as `literal` (so Go sees the same digits). */
function roundTrips(literal: string): boolean {
  for (let index = 0; index < literal.length; index++) {
    const code = literal.charCodeAt(index);
    if (code === 46 || code === 101 || code === 69) return false; // . e E
  }
  return literal.length <= (literal.charCodeAt(0) === 45 ? 16 : 15);
}

interface ScanResult {
  duplicateFields: DuplicateField[];
  numberLiterals: Map<string, string>;
  tooDeep: boolean;
}

/** One pass over valid JSON text: repeated keys and non-round-tripping numbers. */
function scan(text: string): ScanResult {
  const result: ScanResult = { duplicateFields: [], numberLiterals: new Map(), tooDeep: false };
  const stack = new ContainerStack();
  let expectKey = false;
  for (let at = 0; at < text.length;) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (expectKey) {
        readKey(stack, text, at, end, result);
        expectKey = false;
      }
      at = end + 1;
    } else if (code === 123 || code === 91) { // { [
      stack.open(code === 123);
      if (stack.depth >= maxJsonNestingDepth) {
        result.tooDeep = true;
        return result;
      }
      expectKey = code === 123;
      at++;
    } else if (code === 125 || code === 93) { // } ]
      stack.depth--;
      expectKey = false;
      at++;
    } else if (code === 44) { // ,
      if (stack.isObject[stack.depth]) expectKey = true;
      else stack.current[stack.depth] = (stack.current[stack.depth] as number) + 1;
      at++;
    } else if (code === 45 || (code >= 48 && code <= 57)) {
      at = readNumber(stack, text, at, result);
    } else {
      at++; // whitespace, ':' and the letters of true/false/null
    }
  }
  return result;
}

function readKey(stack: ContainerStack, text: string, start: number, end: number, result: ScanResult): void {
  let key = text.slice(start + 1, end);
  if (key.includes('\\')) key = JSON.parse(text.slice(start, end + 1)) as string;
  const depth = stack.depth;
  if (stack.seenBefore(key)) {
    const parent = stack.pathOf(depth);
    const path = appendSegment(parent, true, key);
    result.duplicateFields.push({ path, parent, key, after: stack.lastNewKey[depth]! });
    // The repeat's value replaces the first one: forget literals recorded under it.
    for (const recorded of result.numberLiterals.keys()) {
      if (recorded === path || recorded.startsWith(`${path}.`) || recorded.startsWith(`${path}[`)) result.numberLiterals.delete(recorded);
    }
  }
  stack.current[depth] = key;
}

function readNumber(stack: ContainerStack, text: string, start: number, result: ScanResult): number {
  let end = start + 1;
  for (; end < text.length; end++) {
    const code = text.charCodeAt(end);
    if (!((code >= 48 && code <= 57) || code === 46 || code === 101 || code === 69 || code === 43 || code === 45)) break;
  }
  const literal = text.slice(start, end);
  if (stack.depth >= 0 && !roundTrips(literal)) {
    const depth = stack.depth;
    result.numberLiterals.set(appendSegment(stack.pathOf(depth), stack.isObject[depth]!, stack.current[depth]!), literal);
  }
  return end;
}

/** Parses a JSON body as kube's strict decoder reads it; throws JsonSyntaxError with Go's text. */
export function parseJsonStrict(text: string): StrictDecoded {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JsonSyntaxError(goJsonSyntaxErrorText(text) ?? 'unexpected end of JSON input');
  }
  const scanned = scan(text);
  if (scanned.tooDeep) throw new JsonSyntaxError(goJsonSyntaxErrorText(text) ?? 'exceeded max depth');
  return {
    value,
    duplicates: scanned.duplicateFields.map((duplicate) => duplicate.path),
    duplicateFields: scanned.duplicateFields,
    numberLiterals: scanned.numberLiterals,
  };
}
