/**
 * The snapshot file's checks (src/backup/format.ts) over generated files: an intact file reads
 * whole; every file with one object line changed (any one character), dropped, duplicated or moved,
 * or its trailer dropped, is refused: so a restore that reads the file first writes nothing from
 * it. Inputs come from a seeded generator (the same each run); each mutation is one the checks
 * exist for (count, checksum, order, trailer).
 */
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/backup/crc32.js';
import { itemLine, snapshotKind, SnapshotReader, TypeTally } from '../../src/backup/format.js';

function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    // The high bits: a linear congruential generator's low bits repeat with a short period.
    return (state >>> 8) % below;
  };
}

/** A snapshot's lines: `types` types of up to 6 objects each, keys ascending. */
function snapshotLines(next: (below: number) => number): string[] {
  const types = 1 + next(4);
  const tally = new TypeTally(types);
  const body: string[] = [];
  const counts: number[] = [];
  for (let t = 0; t < types; t++) {
    const count = next(7);
    counts.push(count);
    for (let index = 0; index < count; index++) {
      const name = `o${String(index).padStart(2, '0')}-${next(1000)}`;
      const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'ns', uid: `u${next(1e6)}` }, data: { k: 'é'.repeat(next(3)) + String(next(1e6)) } };
      const line = itemLine(t, `ns/${name}`, JSON.stringify(object));
      tally.add(t, line);
      body.push(line);
    }
  }
  const header = { kind: snapshotKind, formatVersion: 1, cluster: 'default', resourceVersion: 42, createdAt: 'now', types: counts.map((count, t) => ({ group: '', resource: `r${t}`, count })) };
  return [JSON.stringify(header), ...body, JSON.stringify(tally.trailer())];
}

function read(lines: string[]): void {
  const reader = new SnapshotReader();
  for (const line of lines) reader.line(line);
  reader.end();
}

/** One mutation of an object line (index >= 1, < lines.length - 1), chosen by `next`. */
function mutated(lines: string[], next: (below: number) => number): string[] {
  const objects = lines.length - 2;
  const at = 1 + next(objects);
  const copy = [...lines];
  switch (next(4)) {
    case 0: {
      const line = copy[at]!;
      const position = next(line.length);
      const replacement = line[position] === 'a' ? 'b' : 'a';
      copy[at] = line.slice(0, position) + replacement + line.slice(position + 1);
      return copy;
    }
    case 1:
      copy.splice(at, 1);
      return copy;
    case 2:
      copy.splice(at, 0, copy[at]!);
      return copy;
    default: {
      const other = 1 + next(objects);
      if (other === at || copy[other] === copy[at]) return mutated(lines, next);
      [copy[at], copy[other]] = [copy[other]!, copy[at]!];
      return copy;
    }
  }
}

describe('the snapshot file format', () => {
  it('reads every intact generated file whole', () => {
    for (let seed = 1; seed <= 300; seed++) expect(() => read(snapshotLines(random(seed)))).not.toThrow();
  });

  it('refuses every file with an object line changed, dropped, duplicated or moved', () => {
    let tried = 0;
    for (let seed = 1; seed <= 600; seed++) {
      const next = random(seed);
      const lines = snapshotLines(next);
      if (lines.length < 3) continue;
      const bad = mutated(lines, next);
      tried += 1;
      expect(() => read(bad), `seed ${seed}`).toThrow(/^line \d+: /);
    }
    expect(tried).toBeGreaterThan(400);
  });

  it('refuses a truncated file, a foreign one and one of another format version', () => {
    const lines = snapshotLines(random(7));
    expect(() => read(lines.slice(0, -1))).toThrow('truncated: no trailer');
    expect(() => read([])).toThrow('empty file');
    expect(() => read(['{"apiVersion":"v1","kind":"List","items":[]}'])).toThrow('not an edge-apiserver snapshot');
    expect(() => read(['not json'])).toThrow('line 1: not a JSON object');
    expect(() => read([lines[0]!.replace('"formatVersion":1', '"formatVersion":2'), ...lines.slice(1)])).toThrow('format version 2 is not supported');
    expect(() => read([...lines, lines[lines.length - 1]!])).toThrow('content after the trailer');
  });

  it('computes CRC-32 as gzip does, incrementally', () => {
    const bytes = new TextEncoder().encode('123456789');
    expect(crc32(bytes)).toBe(0xcbf43926);
    expect(crc32(bytes.subarray(4), crc32(bytes.subarray(0, 4)))).toBe(0xcbf43926);
  });
});
