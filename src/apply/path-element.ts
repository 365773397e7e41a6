/**
 * Path elements as structured-merge-diff names them (fieldpath/element.go, serialize-pe.go): a
 * struct field or map key, a keyed list item, a set item or an atomic-list index; their total
 * order (which is the order of FieldsV1 keys), their FieldsV1 text (`f:`, `k:`, `v:`, `i:`) and
 * their human-readable text, the one conflict causes carry (`.data.key`, `[name="c"]`).
 */
import { goQuote } from '../apimachinery/go-format.js';
import { compareGoStrings, goJson } from './go-json.js';
import { compareJsonValues } from './values.js';

/** One key field of a keyed list item; a key's fields are sorted by name (SMD sorts them). */
export interface KeyField {
  readonly name: string;
  readonly value: unknown;
}

export type PathElement =
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'key'; readonly fields: readonly KeyField[] }
  | { readonly kind: 'value'; readonly value: unknown }
  | { readonly kind: 'index'; readonly index: number };

export type FieldPath = readonly PathElement[];

/** A struct field or map key element. */
export function fieldElement(name: string): PathElement {
  return { kind: 'field', name };
}

const kindRank = { field: 0, key: 1, value: 2, index: 3 } as const;

/** SMD's PathElement.Compare: field names < keys < values < indices, then by content. */
export function comparePathElements(left: PathElement, right: PathElement): number {
  if (left.kind !== right.kind) return kindRank[left.kind] < kindRank[right.kind] ? -1 : 1;
  if (left.kind === 'field') return compareGoStrings(left.name, (right as typeof left).name);
  if (left.kind === 'key') return compareKeys(left.fields, (right as typeof left).fields);
  if (left.kind === 'value') return compareJsonValues(left.value, (right as typeof left).value);
  const other = (right as typeof left).index;
  return left.index === other ? 0 : left.index < other ? -1 : 1;
}

/** value.FieldList.Compare: lexical over (name, value) pairs, the shorter list first. */
function compareKeys(left: readonly KeyField[], right: readonly KeyField[]): number {
  for (let index = 0; ; index++) {
    if (index >= left.length && index >= right.length) return 0;
    if (index >= left.length) return -1;
    if (index >= right.length) return 1;
    const byName = compareGoStrings(left[index]!.name, right[index]!.name);
    if (byName !== 0) return byName;
    const byValue = compareJsonValues(left[index]!.value, right[index]!.value);
    if (byValue !== 0) return byValue;
  }
}

/** The FieldsV1 key of an element: `f:name`, `k:{"name":"c"}` (key fields in name order), `v:"x"`, `i:0`. */
export function serializePathElement(element: PathElement): string {
  switch (element.kind) {
    case 'field':
      return `f:${element.name}`;
    case 'key':
      return `k:{${element.fields.map((field) => `${goJson(field.name)}:${goJson(field.value)}`).join(',')}}`;
    case 'value':
      return `v:${goJson(element.value)}`;
    case 'index':
      return `i:${element.index}`;
  }
}

/** Thrown for a FieldsV1 key that is not a path element kube could read. */
export class PathElementSyntaxError extends Error {}

/** DeserializePathElement; undefined for an unknown kind, which kube's reader skips. */
export function deserializePathElement(text: string): PathElement | undefined {
  if (text.length < 2) throw new PathElementSyntaxError('key must be 2 characters long:');
  if (text[1] !== ':') throw new PathElementSyntaxError(`missing colon: ${text}`);
  const body = text.slice(2);
  switch (text[0]) {
    case 'f':
      return { kind: 'field', name: body };
    case 'v':
      return { kind: 'value', value: parseJson(body) };
    case 'k':
      return { kind: 'key', fields: keyFields(parseJson(body)) };
    case 'i':
      if (!/^[+-]?\d+$/.test(body)) throw new PathElementSyntaxError(`strconv.Atoi: parsing ${goQuote(body)}: invalid syntax`);
      return { kind: 'index', index: Number(body) };
    default:
      return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PathElementSyntaxError(`invalid JSON in path element: ${text}`);
  }
}

function keyFields(value: unknown): KeyField[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new PathElementSyntaxError('a key path element must be a JSON object');
  }
  return sortKeyFields(Object.entries(value).map(([name, field]) => ({ name, value: field })));
}

/** value.FieldList.Sort: stable, by name. */
export function sortKeyFields(fields: KeyField[]): KeyField[] {
  return fields.sort((left, right) => compareGoStrings(left.name, right.name));
}

/** PathElement.String: `.name`, `[name="c",port=80]`, `[=value]`, `[0]`. */
export function pathElementText(element: PathElement): string {
  switch (element.kind) {
    case 'field':
      return `.${element.name}`;
    case 'key':
      return `[${element.fields.map((field) => `${field.name}=${valueText(field.value)}`).join(',')}]`;
    case 'value':
      return `[=${valueText(element.value)}]`;
    case 'index':
      return `[${element.index}]`;
  }
}

/** fieldpath.Path.String: the elements' texts concatenated, `.spec.containers[name="c"].image`. */
export function fieldPathText(path: FieldPath): string {
  return path.map(pathElementText).join('');
}

/** value.ToString: strings quoted as Go's %q, lists bracketed, maps as `k=v` pairs run together. */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return goQuote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(valueText).join(',')}]`;
  return Object.entries(value as Record<string, unknown>).map(([key, item]) => `${key}=${valueText(item)}`).join('');
}
