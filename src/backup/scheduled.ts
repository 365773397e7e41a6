/**
 * Scheduled backups (a Cron Trigger, docs/backups.md): each run writes a snapshot of every cluster
 * (the default plane, then every tenant whose ControlPlane is not being deleted) into an R2 bucket,
 * and keeps the newest `retention` complete runs of each. A run is resumable: its state is an R2
 * object, saved after each part, so an invocation stops at its budget (time, parts) and the next
 * one goes on where it stopped; each cron firing first finishes the run under way. Layout:
 *   snapshots/_state.json                               the run under way
 *   snapshots/CLUSTER/RUN/part-NNNNNN.ndjson.gz         gzip members: concatenated, one snapshot file
 *   snapshots/CLUSTER/RUN/manifest.json                 written last: the run of CLUSTER is complete
 * (CLUSTER is the cluster's address: `default`, or `NAME:UID` for a tenant's incarnation.) A part
 * holds up to `partObjects` objects; a cluster's snapshot resumed after its version left the
 * history window (HISTORY_WINDOW_SECONDS) starts again at a new version.
 */
import { tenantClusterName, defaultClusterName } from '../cluster/names.js';
import type { ClusterContext, ClusterDirectory } from '../cluster/context.js';
import { isStorageError } from '../storage/errors.js';
import { collectItems } from '../storage/list-lines.js';
import { type SnapshotHeader, type SnapshotTrailer, TypeTally } from './format.js';
import { planSnapshot, plannedSnapshot, snapshotBody, type SnapshotCursor } from './snapshot.js';

export interface ScheduledBackupOptions {
  bucket: R2Bucket;
  clusters: ClusterDirectory;
  /** Complete runs kept per cluster. */
  retention: number;
  /** Stop starting parts after this long (ms). */
  budgetMillis: number;
  /** Stop after this many parts (tests). */
  maxParts?: number;
  partObjects?: number;
  now?: () => number;
}

interface ClusterProgress {
  cluster: string;
  header: SnapshotHeader;
  cursor: SnapshotCursor;
  tally: SnapshotTrailer;
  parts: number;
  bytes: number;
}

export interface BackupState {
  run: string;
  pending: string[];
  current?: ClusterProgress;
  done: string[];
}

export const statePath = 'snapshots/_state.json';
const runPrefix = (cluster: string, run: string) => `snapshots/${cluster}/${run}/`;
const partPath = (progress: ClusterProgress, run: string) => `${runPrefix(progress.cluster, run)}part-${String(progress.parts).padStart(6, '0')}.ndjson.gz`;

/** One invocation's work; the state it leaves (no `pending` and no `current`: the run is complete). */
export async function runScheduledBackups(options: ScheduledBackupOptions): Promise<BackupState> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.budgetMillis;
  let state = (await (await options.bucket.get(statePath))?.json<BackupState>()) ?? undefined;
  if (!state || (!state.current && !state.pending.length)) state = { run: runName(now()), pending: await clustersToBack(options.clusters), done: [] };
  let parts = 0;
  while (state.current || state.pending.length) {
    if (now() >= deadline || (options.maxParts !== undefined && parts >= options.maxParts)) break;
    const cluster = options.clusters.of(state.current?.cluster ?? state.pending[0]!);
    if (!state.current) {
      const plan = await planSnapshot(cluster, new Date(now()));
      state.current = { cluster: cluster.name, header: plan.header, cursor: { t: -1 }, tally: new TypeTally(plan.header.types.length).trailer(), parts: 0, bytes: 0 };
      state.pending.shift();
    }
    try {
      await writePart(cluster, state.current, state.run, options);
    } catch (error) {
      if (!isStorageError(error, 'Expired')) throw error;
      await deletePrefix(options.bucket, runPrefix(state.current.cluster, state.run));
      state.pending.unshift(state.current.cluster);
      delete state.current;
    }
    parts += 1;
    if (state.current?.cursor.t === Infinity) {
      await finish(options, state.current, state.run);
      state.done.push(state.current.cluster);
      delete state.current;
    }
    await options.bucket.put(statePath, JSON.stringify(state));
  }
  return state;
}

const runName = (time: number) => new Date(time).toISOString().replace(/[:.]/g, '-');

/** The default plane, then the tenants whose ControlPlane is not being deleted. */
async function clustersToBack(clusters: ClusterDirectory): Promise<string[]> {
  const plane = clusters.of(defaultClusterName);
  const list = await plane.storage('tenancy.edge-apiserver.dev', 'controlplanes').list({ prefix: '', version: { match: 'latest' } });
  const tenants = (await collectItems(list.items)).map((item) => JSON.parse(item.value)).filter((object) => !object.metadata.deletionTimestamp);
  return [defaultClusterName, ...tenants.map((object) => tenantClusterName(object.metadata.name, object.metadata.uid))];
}

/** Writes the next part of a cluster's snapshot (the header first, the trailer last: then the cursor's t is Infinity). */
async function writePart(cluster: ClusterContext, progress: ClusterProgress, run: string, options: ScheduledBackupOptions): Promise<void> {
  const limit = options.partObjects ?? 5_000;
  const tally = new TypeTally(progress.header.types.length, progress.tally);
  let text = progress.cursor.t < 0 ? `${JSON.stringify(progress.header)}\n` : '';
  const from = progress.cursor.t < 0 ? { t: 0 } : progress.cursor;
  let objects = 0;
  let cursor: SnapshotCursor = from;
  for await (const { line, cursor: next } of snapshotBody(plannedSnapshot(cluster, progress.header), from, tally)) {
    text += `${line}\n`;
    cursor = next ?? { t: Infinity };
    if (next && ++objects >= limit) break;
  }
  const bytes = await gzip(text);
  await options.bucket.put(partPath(progress, run), bytes);
  progress.parts += 1;
  progress.bytes += bytes.byteLength;
  progress.cursor = cursor;
  progress.tally = tally.trailer();
}

async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/** The manifest that marks a cluster's run complete, then retention: the newest complete runs are kept. */
async function finish(options: ScheduledBackupOptions, progress: ClusterProgress, run: string): Promise<void> {
  const { header } = progress;
  const objects = header.types.reduce((sum, type) => sum + type.count, 0);
  await options.bucket.put(`${runPrefix(progress.cluster, run)}manifest.json`, JSON.stringify({ cluster: header.cluster, resourceVersion: header.resourceVersion, createdAt: header.createdAt, objects, parts: progress.parts, bytes: progress.bytes }));
  const runs = await options.bucket.list({ prefix: `snapshots/${progress.cluster}/`, delimiter: '/' });
  const complete: string[] = [];
  for (const prefix of runs.delimitedPrefixes.sort().reverse()) {
    if (await options.bucket.head(`${prefix}manifest.json`)) complete.push(prefix);
  }
  for (const prefix of complete.slice(options.retention)) await deletePrefix(options.bucket, prefix);
}

async function deletePrefix(bucket: R2Bucket, prefix: string): Promise<void> {
  for (;;) {
    const listed = await bucket.list({ prefix });
    if (!listed.objects.length) return;
    await bucket.delete(listed.objects.map((object) => object.key));
  }
}
