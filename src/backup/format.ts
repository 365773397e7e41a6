/**
 * The snapshot file (docs/backups.md): gzip'd NDJSON, one line each:
 *   1. a header: `{"kind":"EdgeSnapshot","formatVersion":1,"cluster":...,"resourceVersion":T,
 *      "createdAt":...,"types":[{"group","resource","count"}]}`, T the one version every type was
 *      read at, types in restore order (CustomResourceDefinitions first);
 *   2. the objects, `{"t":TYPE_INDEX,"key":"ns/name","object":{...}}`, type by type in header
 *      order, by key within a type, each object as a list at T shows it (its resourceVersion <= T);
 *   3. a trailer: `{"kind":"EdgeSnapshotEnd","counts":[...],"checksums":[...]}`, per type the
 *      number of object lines and the CRC-32 (hex) of their bytes, each line with its newline.
 * The reader below checks all of it as lines arrive, so a truncated, reordered, corrupt or foreign
 * file is refused before anything is written (the restore reads the whole file once first).
 */
import { crc32 } from './crc32.js';

export const snapshotKind = 'EdgeSnapshot';
export const snapshotEndKind = 'EdgeSnapshotEnd';
export const formatVersion = 1;

export interface SnapshotType {
  group: string;
  resource: string;
  count: number;
}

export interface SnapshotHeader {
  kind: typeof snapshotKind;
  formatVersion: number;
  cluster: string;
  resourceVersion: number;
  createdAt: string;
  types: SnapshotType[];
  /** Where the objects came from when not an edge-apiserver snapshot (an import from kube). */
  source?: string;
}

export interface SnapshotTrailer {
  kind: typeof snapshotEndKind;
  counts: number[];
  checksums: string[];
}

/** One object line, parsed. */
export interface SnapshotItem {
  t: number;
  key: string;
  object: { apiVersion?: string; kind?: string; metadata: { name: string; namespace?: string; resourceVersion?: string; [field: string]: unknown }; [field: string]: unknown };
}

export class SnapshotFormatError extends Error {
  constructor(message: string, readonly line: number) {
    super(`line ${line}: ${message}`);
    this.name = 'SnapshotFormatError';
  }
}

const encoder = new TextEncoder();

/** The text of an object line (the object's JSON is spliced in, not parsed again). */
export function itemLine(type: number, key: string, objectJson: string): string {
  return `{"t":${type},"key":${JSON.stringify(key)},"object":${objectJson}}`;
}

/** Counts and checksums of object lines as they are written or read. */
export class TypeTally {
  readonly counts: number[];
  private readonly crcs: number[];

  constructor(types: number, saved?: SnapshotTrailer) {
    this.counts = saved ? [...saved.counts] : new Array<number>(types).fill(0);
    this.crcs = saved ? saved.checksums.map((text) => parseInt(text, 16)) : new Array<number>(types).fill(0);
  }

  add(type: number, line: string): void {
    this.counts[type]! += 1;
    this.crcs[type] = crc32(encoder.encode(`${line}\n`), this.crcs[type]);
  }

  trailer(): SnapshotTrailer {
    return { kind: snapshotEndKind, counts: [...this.counts], checksums: this.crcs.map(hex) };
  }
}

const hex = (value: number) => value.toString(16).padStart(8, '0');

/**
 * Checks a snapshot line by line: `line(text)` returns the header (first line) or an item;
 * `end()` checks the trailer was seen and matched. Throws SnapshotFormatError on anything else.
 */
export class SnapshotReader {
  header?: SnapshotHeader;
  private tally?: TypeTally;
  private lineNumber = 0;
  private lastType = 0;
  private lastKey: string | undefined;
  private ended = false;

  line(text: string): SnapshotHeader | SnapshotItem | undefined {
    this.lineNumber += 1;
    if (text === '') return undefined;
    if (this.ended) this.fail('content after the trailer');
    const parsed = this.parse(text);
    if (!this.header) return (this.header = this.checkHeader(parsed));
    if (parsed.kind === snapshotEndKind) return void this.checkTrailer(parsed as unknown as SnapshotTrailer);
    return this.checkItem(parsed as unknown as SnapshotItem, text);
  }

  /** Throws unless the whole file was read: header, items, and a trailer that matched them. */
  end(): SnapshotHeader {
    if (!this.header) this.fail('empty file: no snapshot header');
    if (!this.ended) this.fail('truncated: no trailer (EdgeSnapshotEnd) after the objects');
    return this.header!;
  }

  private parse(text: string): Record<string, unknown> {
    try {
      const value = JSON.parse(text) as unknown;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    return this.fail('not a JSON object');
  }

  private checkHeader(value: Record<string, unknown>): SnapshotHeader {
    if (value.kind !== snapshotKind) this.fail(`not an edge-apiserver snapshot (the first line's kind is ${JSON.stringify(value.kind)}, not ${snapshotKind})`);
    if (value.formatVersion !== formatVersion) this.fail(`format version ${JSON.stringify(value.formatVersion)} is not supported (only ${formatVersion})`);
    const types = value.types;
    const validType = (type: unknown) => !!type && typeof (type as SnapshotType).group === 'string' && typeof (type as SnapshotType).resource === 'string' && (type as SnapshotType).resource !== '' && Number.isInteger((type as SnapshotType).count);
    if (!Array.isArray(types) || !types.every(validType)) this.fail('the header has no valid types list');
    if (!Number.isSafeInteger(value.resourceVersion) || typeof value.cluster !== 'string') this.fail('the header has no valid cluster and resourceVersion');
    this.tally = new TypeTally((types as SnapshotType[]).length);
    return value as unknown as SnapshotHeader;
  }

  private checkItem(item: SnapshotItem, text: string): SnapshotItem {
    const header = this.header!;
    if (!Number.isInteger(item.t) || item.t < 0 || item.t >= header.types.length) this.fail(`object line with no valid type index (${JSON.stringify(item.t)})`);
    if (typeof item.key !== 'string' || !item.object || typeof item.object !== 'object' || typeof item.object.metadata?.name !== 'string') this.fail('object line without key and object with metadata.name');
    const expected = item.object.metadata.namespace ? `${item.object.metadata.namespace}/${item.object.metadata.name}` : item.object.metadata.name;
    if (item.key !== expected) this.fail(`key ${JSON.stringify(item.key)} does not match the object's namespace and name (${JSON.stringify(expected)})`);
    if (item.t < this.lastType || (item.t === this.lastType && this.lastKey !== undefined && item.key <= this.lastKey)) this.fail(`objects out of order at ${JSON.stringify(item.key)} (types in header order, keys ascending)`);
    if (item.t !== this.lastType) this.lastKey = undefined;
    this.lastType = item.t;
    this.lastKey = item.key;
    this.tally!.add(item.t, text);
    return item;
  }

  private checkTrailer(trailer: SnapshotTrailer): void {
    const header = this.header!;
    const seen = this.tally!.trailer();
    for (const [index, type] of header.types.entries()) {
      const name = type.group ? `${type.resource}.${type.group}` : type.resource;
      if (seen.counts[index] !== type.count || trailer.counts?.[index] !== type.count) this.fail(`${name}: ${seen.counts[index]} objects, the header says ${type.count} and the trailer ${trailer.counts?.[index]}`);
      if (trailer.checksums?.[index] !== seen.checksums[index]) this.fail(`${name}: checksum ${seen.checksums[index]} does not match the trailer's ${trailer.checksums?.[index]}`);
    }
    this.ended = true;
  }

  private fail(message: string): never {
    throw new SnapshotFormatError(message, this.lineNumber);
  }
}
