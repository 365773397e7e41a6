/**
 * What `npm run snapshot` does with a snapshot file, apart from reading it and talking HTTP (the
 * caller's): check the whole file, then restore it through POST /edge-apiserver/v1/restore
 * (restore.ts) in batches, with progress. Nothing is sent until the whole file has been read and
 * found intact, so a truncated, corrupt or foreign file writes nothing.
 */
import { type SnapshotHeader, type SnapshotItem, SnapshotReader } from './format.js';
import type { ActivateProgress, RestoreReport } from './restore.js';

/** The file's lines, read from its start each time it is called. */
export type OpenLines = () => AsyncIterable<string>;

/** One restore request's answer. */
export type RestoreCall = (body: Record<string, unknown>) => Promise<unknown>;

export interface Progress {
  objects: number;
  bytes: number;
  phase: 'check' | 'restore' | 'activate';
  /** Set on the last report of a phase. */
  final?: boolean;
}

export interface TypeReport {
  type: string;
  inFile: number;
  written: number;
  replaced: number;
  skipped: number;
  failed: number;
  /** Why objects were skipped or failed (the first few messages). */
  why: string[];
}

/** Reads the whole file and checks it; its header, or a SnapshotFormatError. */
export async function checkSnapshot(open: OpenLines, progress: (done: Progress) => void = () => {}): Promise<SnapshotHeader> {
  const reader = new SnapshotReader();
  const done: Progress = { objects: 0, bytes: 0, phase: 'check' };
  for await (const line of open()) {
    if (reader.line(line) && reader.header && line.startsWith('{"t"')) done.objects += 1;
    done.bytes += line.length + 1;
    if (done.objects % 1000 === 0) progress(done);
  }
  progress({ ...done, final: true });
  return reader.end();
}

const batchObjects = 200;
const batchBytes = 2 * 1024 * 1024;

/** Checks the file, then restores it: the report per type. */
export async function restoreSnapshot(open: OpenLines, call: RestoreCall, progress: (done: Progress) => void = () => {}): Promise<TypeReport[]> {
  const header = await checkSnapshot(open, progress);
  const reports = header.types.map((type): TypeReport => ({ type: type.group ? `${type.resource}.${type.group}` : type.resource, inFile: type.count, written: 0, replaced: 0, skipped: 0, failed: 0, why: [] }));
  await call({ step: 'begin', header });
  const done: Progress = { objects: 0, bytes: 0, phase: 'restore' };
  let batch: SnapshotItem[] = [];
  let size = 0;
  const flush = async () => {
    if (!batch.length) return;
    const answer = (await call({ step: 'objects', header, items: batch })) as RestoreReport;
    tally(reports, batch, answer);
    done.objects += batch.length;
    progress(done);
    batch = [];
    size = 0;
  };
  let first = true;
  for await (const line of open()) {
    done.bytes += line.length + 1;
    if (first || !line.startsWith('{"t"')) {
      first = false;
      continue;
    }
    const item = JSON.parse(line) as SnapshotItem;
    // A type's objects come after the types before it are stored: a batch never spans a CRD and its objects.
    if (batch.length && batch[batch.length - 1]!.t !== item.t) await flush();
    batch.push(item);
    size += line.length;
    if (batch.length >= batchObjects || size >= batchBytes) await flush();
  }
  await flush();
  let step: Partial<ActivateProgress> = {};
  for (;;) {
    const answer = (await call({ step: 'activate', header, ...step })) as ActivateProgress;
    progress({ objects: done.objects, bytes: done.bytes, phase: 'activate', ...(answer.done ? { final: true } : {}) });
    if (answer.done) break;
    step = { t: answer.t, s: answer.s, after: answer.after };
  }
  return reports;
}

function tally(reports: TypeReport[], batch: SnapshotItem[], answer: RestoreReport): void {
  const report = reports[batch[0]!.t]!;
  report.written += answer.written;
  report.replaced += answer.replaced;
  for (const [, count] of Object.entries(answer.skipped)) {
    report.skipped += count;
    if (report.why.length < 3 && !report.why.includes('not served here')) report.why.push('not served here');
  }
  report.failed += answer.failed.length;
  for (const failure of answer.failed) if (report.why.length < 3) report.why.push(`${failure.key}: ${failure.message}`);
}
