// V8's garbage collection pauses of a workerd isolate, on the wall clock, for the tail tools
// (tail-timeline.mjs, gc-stall-repro.mjs): call `traceGc()` before workerd starts; it adds
// --trace-gc to workerd's V8 flags (MINIFLARE_WORKERD_V8_FLAGS), makes workerd's stdout
// line-buffered (a pipe's block buffering would deliver the lines in batches, late: stdbuf through
// a wrapper in MINIFLARE_WORKERD_PATH) and catches the lines Miniflare passes to our stdout.
// The lines' clock (ms since the isolate started) is placed by their arrival, roughly: a pause is
// matched to the stall of about its length near it (`stalls` of the work the tool saw).
import { chmodSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const now = () => performance.timeOrigin + performance.now();

/** Starts catching V8's GC lines; `directory` holds the workerd wrapper. Returns { pauses() }. */
export function traceGc(directory) {
  const lines = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const text = String(chunk);
    if (!/ ms: (Scavenge|Mark-Compact|Minor Mark)/.test(text)) return write(chunk, ...rest);
    const arrived = now();
    for (const line of text.split('\n')) if (line.includes(' ms: ')) lines.push({ line, arrived });
    return true;
  };
  process.env.MINIFLARE_WORKERD_V8_FLAGS = [process.env.MINIFLARE_WORKERD_V8_FLAGS, '--trace-gc'].filter(Boolean).join(' ');
  const workerd = process.env.MINIFLARE_WORKERD_PATH ?? createRequire(import.meta.url)('workerd').default;
  const wrapper = path.join(directory, 'workerd');
  writeFileSync(wrapper, `#!/bin/sh\nexec stdbuf -oL ${JSON.stringify(workerd)} "$@"\n`);
  chmodSync(wrapper, 0o755);
  process.env.MINIFLARE_WORKERD_PATH = wrapper;
  return { pauses: () => pausesOf(lines) };
}

const pattern = /\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: (Scavenge|Mark-Compact(?: \(reduce\))?|Minor Mark-Sweep)[^0-9]*([\d.]+) \(([\d.]+)\) -> ([\d.]+) \(([\d.]+)\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ ([\d.]+) ms/;

/** The largest isolate's pauses: { kind, start, end, ms, beforeMB, afterMB }, placed by the least delayed line. */
function pausesOf(lines) {
  const byIsolate = new Map();
  for (const { line, arrived } of lines) {
    const match = pattern.exec(line);
    if (!match) continue;
    const [, isolate, since, kind, before, , after, , pause] = match;
    if (!byIsolate.has(isolate)) byIsolate.set(isolate, []);
    byIsolate.get(isolate).push({ kind, since: Number(since), arrived, ms: Number(pause), beforeMB: Number(before), afterMB: Number(after) });
  }
  // The server's isolate: the one with the largest heap (Miniflare's own Workers are small).
  const largest = (pauses) => Math.max(...pauses.map((p) => p.beforeMB));
  const pauses = [...byIsolate.values()].sort((a, b) => largest(b) - largest(a))[0] ?? [];
  const offset = Math.min(...pauses.map((p) => p.arrived - p.since - p.ms));
  return pauses.map((p) => ({ ...p, start: offset + p.since, end: offset + p.since + p.ms }));
}

/** Gaps over `minMs` between the sorted `times` (ms) in [from, to]: { start, end, ms }. */
export function stalls(times, from, to, minMs = 20) {
  const sorted = times.filter((t) => t >= from && t <= to).sort((a, b) => a - b);
  const found = [];
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i] - sorted[i - 1] > minMs) found.push({ start: sorted[i - 1], end: sorted[i], ms: sorted[i] - sorted[i - 1] });
  }
  return found;
}

/** Each major collection of `pauses` with its stall (of about its length, near it) or null. */
export function majorsWithStalls(pauses, found) {
  return pauses.filter((p) => p.kind.startsWith('Mark-Compact')).map((major) => {
    const near = found.filter((s) => Math.abs(s.start - major.start) < 500 && s.ms > 0.7 * major.ms && s.ms < 1.5 * major.ms + 20);
    return { ...major, stall: near.sort((a, b) => Math.abs(a.start - major.start) - Math.abs(b.start - major.start))[0] ?? null };
  });
}
