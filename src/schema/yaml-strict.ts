/**
 * YAML request bodies decoded as kube's strict YAML path sees them (sigs.k8s.io/yaml
 * YAMLToJSONStrict over go-yaml v2): the same value codecs/yaml.ts parseYaml returns (YAML 1.1
 * scalars, a repeated key keeps its last value), plus go-yaml's strict error for repeated keys:
 *
 *   yaml: unmarshal errors:
 *     line 4: key "a" already set in map
 *
 * go-yaml quirks kept: the line is the line of the repeated key's VALUE; keys compare by their
 * resolved YAML value (`1` and `"1"` differ); an error inside a value comes before the error of
 * its own key (values decode first); keys brought in by a merge (`<<: *base`) count as set, so
 * overriding a merged key is an error in strict mode. Parse errors throw js-yaml's exception,
 * as parseYaml does.
 */
import { hasExcessiveAliasing } from './yaml-aliasing.js';
import {
  EVENT_ID, SCALAR_STYLE, YAMLException, constructFromEvents, getScalarValue, parseEvents,
  type Event, type MappingEvent, type ScalarEvent, type SequenceEvent,
} from 'js-yaml';
import { kubeYamlSchema } from '../apimachinery/yaml.js';
import { goQuote } from '../apimachinery/go-format.js';
import type { StrictDecoded } from './json-strict.js';

/** One key of a mapping: how go-yaml compares it, how %#v prints it, where its value starts. */
interface MappingEntry {
  identity: string;
  display: string;
  /** The key as written, for paths. */
  raw: string;
  /** Source offset of the value's node (its line is go-yaml's `line N`). */
  offset: number;
}

interface Frame {
  kind: 'document' | 'mapping' | 'sequence';
  path: string;
  /** Mapping: whether the next event is a key. */
  expectKey: boolean;
  seen: Set<string>;
  /** Kept only where a merge may read them (anchored mappings, merge sources). */
  entries: MappingEntry[] | undefined;
  index: number;
  /** Mapping: the key whose value is being read. */
  key?: MappingEntry & { path: string; merge: boolean };
  /** A collection used as a key (never compared). */
  isKey: boolean;
  anchor?: string;
  /** Sequence: aliases listed in it (a merge of several mappings). */
  aliases?: string[];
}

interface DuplicateKey {
  path: string;
  offset: number;
  display: string;
}

/** Line numbers (1-based) of source offsets, computed on first use. */
class LineIndex {
  private starts: number[] | undefined;

  constructor(private readonly text: string) {}

  lineOf(offset: number): number {
    if (!this.starts) {
      this.starts = [0];
      for (let at = this.text.indexOf('\n'); at !== -1; at = this.text.indexOf('\n', at + 1)) this.starts.push(at + 1);
    }
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

const timestampTag = 'tag:yaml.org,2002:timestamp';
const mergeTag = 'tag:yaml.org,2002:merge';

/** A scalar key's identity and Go %#v rendering, from YAML 1.1 resolution. */
function scalarKey(source: string, event: ScalarEvent): { identity: string; display: string; merge: boolean } {
  if (event.style !== SCALAR_STYLE.PLAIN || event.tagStart !== -1) {
    return { identity: `str:${source}`, display: goQuote(source), merge: false };
  }
  const { value, tag } = kubeYamlSchema.resolveImplicitScalarTag(source);
  if (tag.tagName === mergeTag) return { identity: 'merge', display: '"<<"', merge: true };
  if (typeof value === 'string' || tag.tagName === timestampTag) return { identity: `str:${source}`, display: goQuote(source), merge: false };
  if (value === null) return { identity: 'null', display: '<nil>', merge: false };
  return { identity: `${tag.tagName}:${String(value)}`, display: String(value), merge: false };
}

/** Where go-yaml's node for `event` starts: its anchor or tag if any, else its content; -1 if none. */
function eventStart(text: string, event: Event): number {
  let start = -1;
  if (event.type === EVENT_ID.SCALAR) {
    start = event.valueStart;
    // Block scalars start at their `|` or `>` indicator, as go-yaml's token does.
    if (event.style === SCALAR_STYLE.LITERAL_BLOCK || event.style === SCALAR_STYLE.FOLDED_BLOCK) {
      start = Math.max(text.lastIndexOf('|', start), text.lastIndexOf('>', start));
    }
  } else if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
    start = event.start;
  }
  if ('anchorStart' in event && event.anchorStart >= 0 && (start < 0 || event.anchorStart < start)) start = event.anchorStart;
  if ('tagStart' in event && event.tagStart >= 0 && (start < 0 || event.tagStart < start)) start = event.tagStart;
  return start;
}

function keyPath(frame: Frame, key: string): string {
  return frame.path ? `${frame.path}.${key}` : key;
}

/** Walks the event stream, collecting repeated keys in go-yaml's error order. */
class DuplicateFinder {
  readonly duplicates: DuplicateKey[] = [];
  private readonly frames: Frame[] = [];
  private readonly anchors = new Map<string, MappingEntry[]>();

  constructor(private readonly text: string) {}

  private get top(): Frame | undefined {
    return this.frames[this.frames.length - 1];
  }

  run(events: Event[]): void {
    for (const event of events) this.accept(event);
  }

  private accept(event: Event): void {
    switch (event.type) {
      case EVENT_ID.DOCUMENT:
        this.frames.push(this.frame('document', '', false));
        return;
      case EVENT_ID.MAPPING:
      case EVENT_ID.SEQUENCE:
        this.openCollection(event);
        return;
      case EVENT_ID.SCALAR:
        this.scalar(event);
        return;
      case EVENT_ID.ALIAS:
        this.alias(this.text.slice(event.anchorStart, event.anchorEnd), event);
        return;
      case EVENT_ID.POP:
        this.close();
        return;
    }
  }

  private frame(kind: Frame['kind'], path: string, isKey: boolean, anchor?: string, keepEntries = false): Frame {
    const entries = kind === 'mapping' && (anchor !== undefined || keepEntries) ? [] : undefined;
    return { kind, path, expectKey: kind === 'mapping', seen: new Set(), entries, index: 0, isKey, anchor };
  }

  private openCollection(event: MappingEvent | SequenceEvent): void {
    const parent = this.top;
    const anchor = event.anchorStart >= 0 ? this.text.slice(event.anchorStart, event.anchorEnd) : undefined;
    const kind = event.type === EVENT_ID.MAPPING ? 'mapping' : 'sequence';
    const asKey = parent?.kind === 'mapping' && parent.expectKey;
    const path = parent && !asKey ? this.valuePath(parent) : '';
    const mergeSource = parent?.kind === 'mapping' && !asKey && parent.key?.merge === true;
    const frame = this.frame(kind, path, asKey || (parent?.isKey ?? false), anchor, mergeSource);
    if (parent?.kind === 'mapping' && parent.key && !asKey) parent.key.offset = eventStart(this.text, event);
    this.frames.push(frame);
  }

  private valuePath(parent: Frame): string {
    if (parent.kind === 'mapping') return parent.key?.path ?? parent.path;
    if (parent.kind === 'sequence') return `${parent.path}[${parent.index}]`;
    return '';
  }

  private scalar(event: ScalarEvent): void {
    const frame = this.top;
    if (frame?.kind === 'mapping' && frame.expectKey) {
      const raw = getScalarValue(this.text, event);
      const { identity, display, merge } = scalarKey(raw, event);
      frame.key = { identity, display, merge, raw, path: keyPath(frame, raw), offset: Math.max(eventStart(this.text, event), 0) };
      frame.expectKey = false;
      return;
    }
    const start = eventStart(this.text, event);
    this.completeValue(start >= 0 ? start : undefined);
  }

  private alias(name: string, event: Event): void {
    const frame = this.top;
    if (frame?.kind === 'sequence') (frame.aliases ??= []).push(name);
    if (frame?.kind === 'mapping' && !frame.expectKey && frame.key?.merge) {
      this.merge(frame, this.anchors.get(name) ?? []);
      frame.expectKey = true;
      frame.key = undefined;
      return;
    }
    if (frame?.kind === 'mapping' && frame.expectKey) {
      frame.key = { identity: `alias:${name}`, display: '', raw: name, offset: 0, path: frame.path, merge: false };
      frame.expectKey = false;
      return;
    }
    this.completeValue(eventStart(this.text, event));
  }

  /** A value finished: record its key in the mapping, reporting a repeat. */
  private completeValue(offset: number | undefined): void {
    const frame = this.top;
    if (!frame) return;
    if (frame.kind === 'sequence') {
      frame.index++;
      return;
    }
    if (frame.kind !== 'mapping' || !frame.key) return;
    const key = frame.key;
    // An empty value has no node of its own: go-yaml marks it at the key's `:`.
    this.set(frame, { identity: key.identity, display: key.display, raw: key.raw, offset: offset ?? key.offset }, key.path);
    frame.key = undefined;
    frame.expectKey = true;
  }

  /** go-yaml's setMapIndex in strict mode. */
  private set(frame: Frame, entry: MappingEntry, path: string): void {
    frame.entries?.push(entry);
    if (frame.isKey || entry.identity.startsWith('alias:')) return;
    if (frame.seen.has(entry.identity)) this.duplicates.push({ path, offset: entry.offset, display: entry.display });
    else frame.seen.add(entry.identity);
  }

  private merge(frame: Frame, entries: MappingEntry[]): void {
    for (const entry of entries) this.set(frame, entry, keyPath(frame, entry.raw));
  }

  private close(): void {
    const frame = this.frames.pop();
    if (!frame || frame.kind === 'document') return;
    if (frame.kind === 'mapping' && frame.anchor) this.anchors.set(frame.anchor, frame.entries ?? []);
    const parent = this.top;
    if (!parent) return;
    if (parent.kind === 'mapping' && parent.expectKey) {
      // A collection used as a key: go-yaml refuses it later; it is never a repeat.
      parent.key = { identity: `complex:${parent.seen.size}:${parent.index++}`, display: '', raw: '', offset: 0, path: parent.path, merge: false };
      parent.expectKey = false;
      return;
    }
    if (parent.kind === 'mapping' && parent.key?.merge) {
      if (frame.kind === 'mapping') this.merge(parent, frame.entries ?? []);
      // `<<: [*a, *b]`: go-yaml merges from the last to the first.
      for (const name of [...(frame.aliases ?? [])].reverse()) this.merge(parent, this.anchors.get(name) ?? []);
      parent.key = undefined;
      parent.expectKey = true;
      return;
    }
    this.completeValue(undefined);
  }
}

/** go-yaml's `yaml: unmarshal errors:` text for repeated keys, or undefined when there are none. */
function duplicateKeyError(text: string, duplicates: DuplicateKey[]): string | undefined {
  if (duplicates.length === 0) return undefined;
  const index = new LineIndex(text);
  const lines = duplicates.map((duplicate) => `  line ${index.lineOf(duplicate.offset)}: key ${duplicate.display} already set in map`);
  return `yaml: unmarshal errors:\n${lines.join('\n')}`;
}

/** Parses a YAML body as kube's strict decoder reads it; parse errors throw as parseYaml's do. */
export function parseYamlStrict(text: string): StrictDecoded {
  const events = parseEvents(text, {});
  const finder = new DuplicateFinder(text);
  finder.run(events);
  const documents = constructFromEvents(events, { source: text, schema: kubeYamlSchema, json: true });
  if (documents.length === 0) throw new YAMLException('expected a document, but the input is empty');
  if (documents.length > 1) throw new YAMLException('expected a single document in the stream, but found more');
  if (hasExcessiveAliasing(documents[0])) throw new YAMLException('document contains excessive aliasing');
  return {
    value: documents[0],
    duplicates: finder.duplicates.map((duplicate) => duplicate.path),
    duplicateFields: [],
    numberLiterals: new Map(),
    yamlError: duplicateKeyError(text, finder.duplicates),
  };
}
