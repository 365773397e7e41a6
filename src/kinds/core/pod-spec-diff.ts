/**
 * The `cmp.Diff(oldPod.Spec, mungedPodSpec)` that ValidatePodUpdate appends to its Forbidden
 * message, rebuilt after go-cmp's reporter (report_compare.go, report_text.go): the internal
 * core.PodSpec field by field, two identical fields of context around each change and the rest
 * elided as `... // N identical fields`, keys aligned within a run of one-line records, and a
 * changed container opened up field by field. go-cmp randomly uses non-breaking spaces in its
 * markers to discourage exact matching; this uses plain spaces, as golden 070 shows.
 */
import { sameJson } from '../json-equality.js';
import { asRecord, asRecords, type JsonRecord } from '../json-values.js';
import { formatGoValue, type GoValueStyle } from './go-values.js';
import { internalContainerFields, internalPodSpecFields, securityContextHostFields, type GoField } from './pod-schema.js';

type Marker = ' ' | '-' | '+';

/** One line of the report before alignment: a key (aligned within its run), a value, or an opening/closing brace. */
interface Line {
  marker: Marker;
  depth: number;
  key: string;
  text: string;
  /** A one-line record takes part in key alignment; braces and ellipses break a run. */
  aligned: boolean;
}

/** go-cmp's numContextRecords. */
const contextRecords = 2;

/** The diff text (ending in a newline) between two pod specs in their v1 JSON form. */
export function podSpecDiff(oldSpec: JsonRecord, newSpec: JsonRecord): string {
  return goStructDiff('core.PodSpec', internalPodSpecFields, internalView(oldSpec), internalView(newSpec));
}

/** cmp.Diff of two values of the Go struct `typeName` with `fields`, given as JSON. */
export function goStructDiff(typeName: string, fields: readonly GoField[], before: JsonRecord, after: JsonRecord): string {
  const lines: Line[] = [{ marker: ' ', depth: 0, key: '', text: `${typeName}{`, aligned: false }];
  lines.push(...structDiff(fields, before, after, 1, 'fields'));
  lines.push({ marker: ' ', depth: 0, key: '', text: '}', aligned: false });
  return `${render(lines)}\n`;
}

/**
 * cmp.Diff of two ephemeral containers (ValidatePodEphemeralContainersUpdate): core.EphemeralContainer
 * embeds EphemeralContainerCommon (the Container fields) and adds TargetContainerName.
 */
export function ephemeralContainerDiff(before: JsonRecord, after: JsonRecord): string {
  const { targetContainerName: oldTarget, ...oldCommon } = before;
  const { targetContainerName: newTarget, ...newCommon } = after;
  const common: GoField = { go: 'EphemeralContainerCommon', json: 'common', type: 'core.EphemeralContainerCommon', zero: 'struct' };
  const target: GoField = { go: 'TargetContainerName', json: 'targetContainerName', type: 'string', zero: '""' };
  const lines: Line[] = [{ marker: ' ', depth: 0, key: '', text: 'core.EphemeralContainer{', aligned: false }];
  if (sameJson(oldCommon, newCommon)) lines.push(...identicalRun([common], { common: oldCommon }, 1, true, false, 'fields'));
  else {
    lines.push({ marker: ' ', depth: 1, key: common.go, text: `${common.type}{`, aligned: false });
    lines.push(...structDiff(internalContainerFields, oldCommon, newCommon, 2, 'fields'));
    lines.push({ marker: ' ', depth: 1, key: '', text: '},', aligned: false });
  }
  if (sameGoValue(oldTarget, newTarget)) lines.push(...identicalRun([target], before, 1, false, true, 'fields'));
  else lines.push(...changedRecord(target, oldTarget, newTarget, 1));
  lines.push({ marker: ' ', depth: 0, key: '', text: '}', aligned: false });
  return `${render(lines)}\n`;
}

/** The internal PodSpec: v1's host namespace booleans move into SecurityContext. */
function internalView(spec: JsonRecord): JsonRecord {
  const view: JsonRecord = { ...spec };
  const hostFields = securityContextHostFields.filter((key) => spec[key] !== undefined);
  if (hostFields.length) {
    const securityContext: JsonRecord = {};
    for (const key of hostFields) securityContext[key] = spec[key];
    view.securityContext = { ...securityContext, ...(asRecord(spec.securityContext) ?? {}) };
  }
  return view;
}

/** The records of a struct (or a slice's elements) with go-cmp's context and elision. */
function structDiff(fields: readonly GoField[], before: JsonRecord, after: JsonRecord, depth: number, unit: 'fields' | 'elements'): Line[] {
  const records = fields.map((field) => ({ field, same: sameGoValue(before[field.json], after[field.json]) }));
  const lines: Line[] = [];
  let index = 0;
  while (index < records.length) {
    const start = index;
    while (index < records.length && records[index]!.same) index++;
    if (index > start) lines.push(...identicalRun(records.slice(start, index).map((record) => record.field), before, depth, start === 0, index === records.length, unit));
    while (index < records.length && !records[index]!.same) {
      const { field } = records[index++]!;
      lines.push(...changedRecord(field, before[field.json], after[field.json], depth));
    }
  }
  return lines;
}

/** A run of identical records: two of context after a change and before the next, the rest elided. */
function identicalRun(fields: GoField[], values: JsonRecord, depth: number, first: boolean, last: boolean, unit: string): Line[] {
  let low = first ? 0 : Math.min(contextRecords, fields.length);
  let high = last ? 0 : Math.min(contextRecords, fields.length - low);
  // go-cmp prints a single elided record rather than an ellipsis for it.
  if (fields.length - low - high === 1) high++;
  const shown = (field: GoField): Line => ({
    marker: ' ', depth, key: field.go, text: `${formatGoValue(values[field.json], styleOf(field, false))},`, aligned: true,
  });
  const lines = fields.slice(0, low).map(shown);
  const elided = fields.length - low - high;
  if (elided > 0) lines.push({ marker: ' ', depth, key: '', text: `... // ${elided} identical ${unit}`, aligned: false });
  return [...lines, ...fields.slice(fields.length - high).map(shown)];
}

/** A changed record: containers open up element by element, anything else prints old and new. */
function changedRecord(field: GoField, before: unknown, after: unknown, depth: number): Line[] {
  const oldList = asRecords(before);
  const newList = asRecords(after);
  const containers = field.json === 'containers' || field.json === 'initContainers';
  if (containers && Array.isArray(before) && Array.isArray(after) && oldList.length === newList.length) {
    return [
      { marker: ' ', depth, key: field.go, text: `${field.type}{`, aligned: false },
      ...elementsDiff(oldList, newList, depth + 1),
      { marker: ' ', depth, key: '', text: '},', aligned: false },
    ];
  }
  return [
    { marker: '-', depth, key: field.go, text: `${formatGoValue(before, styleOf(field, true))},`, aligned: true },
    { marker: '+', depth, key: field.go, text: `${formatGoValue(after, styleOf(field, true))},`, aligned: true },
  ];
}

/** Equal-length container lists: changed containers open up, identical ones are context or elided. */
function elementsDiff(before: JsonRecord[], after: JsonRecord[], depth: number): Line[] {
  const elementFields: GoField[] = before.map((_, index) => ({ go: '', json: String(index), type: 'core.Container', zero: 'struct' }));
  const lines: Line[] = [];
  const pending: GoField[] = [];
  const flush = (last: boolean) => {
    if (pending.length) lines.push(...identicalRun(pending.splice(0), { ...before }, depth, lines.length === 0, last, 'elements'));
  };
  before.forEach((container, index) => {
    if (sameJson(container, after[index])) return void pending.push(elementFields[index]!);
    flush(false);
    lines.push({ marker: ' ', depth, key: '', text: '{', aligned: false });
    lines.push(...structDiff(internalContainerFields, container, after[index]!, depth + 1, 'fields'));
    lines.push({ marker: ' ', depth, key: '', text: '},', aligned: false });
  });
  flush(true);
  return lines;
}

function styleOf(field: GoField, changed: boolean): GoValueStyle {
  return { ...(changed ? { type: field.type } : {}), quantities: field.type === 'core.ResourceList', zero: field.zero };
}

/** Go's semantic equality of two decoded values: absent equals Go's zero value. */
function sameGoValue(a: unknown, b: unknown): boolean {
  return sameJson(a ?? null, b ?? null);
}

/** Lines as text: marker, tabs for depth, keys padded to the longest key of their run. */
function render(lines: Line[]): string {
  const widths = new Array<number>(lines.length).fill(0);
  for (let start = 0; start < lines.length; ) {
    let end = start;
    while (end < lines.length && lines[end]!.aligned) end++;
    const width = Math.max(0, ...lines.slice(start, end).map((line) => line.key.length));
    for (let index = start; index < end; index++) widths[index] = width;
    start = end === start ? end + 1 : end;
  }
  return lines.map((line, index) => {
    const width = line.aligned ? widths[index]! : line.key.length;
    const key = line.key ? `${line.key}:${' '.repeat(width - line.key.length + 1)}` : '';
    return `${line.marker} ${'\t'.repeat(line.depth)}${key}${line.text}`;
  }).join('\n');
}
