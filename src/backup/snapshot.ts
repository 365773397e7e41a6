/**
 * A consistent snapshot of a cluster (docs/backups.md): every stored type read at one version T.
 * T is the newest version any of the cluster's shards committed; every shard first moves its clock
 * past T (no later write gets a version at or below it), so a read at T on any shard is final while
 * writes go on. Each type is then read at T as the sharded list reads it (merged-list.ts), streamed
 * in bounded pulls: memory stays bounded whatever the cluster's size. A type's read must start
 * within the history window (HISTORY_WINDOW_SECONDS) of T, else storage answers Expired.
 */
import type { ClusterContext } from '../cluster/context.js';
import { storedToJson } from '../registry/stored-object.js';
import { mergedList } from '../storage/sharding/merged-list.js';
import type { ShardStorage } from '../storage/types.js';
import { shardsOf, storedTypes } from './cluster-types.js';
import { formatVersion, itemLine, snapshotKind, type SnapshotHeader, TypeTally } from './format.js';

export interface SnapshotPlan {
  header: SnapshotHeader;
  shards: ShardStorage[][];
}

/** Picks T, moves every shard past it, and counts each type's objects at T. */
export async function planSnapshot(cluster: ClusterContext, now = new Date()): Promise<SnapshotPlan> {
  const types = await storedTypes(cluster);
  const shards = types.map((type) => shardsOf(cluster, type));
  const all = shards.flat();
  const at = Math.max(...(await Promise.all(all.map((shard) => shard.advanceClock(0)))));
  await Promise.all(all.map((shard) => shard.advanceClock(at)));
  const counts = await Promise.all(shards.map((typeShards) => countAt(typeShards, at)));
  const header: SnapshotHeader = {
    kind: snapshotKind, formatVersion, cluster: cluster.name, resourceVersion: at, createdAt: now.toISOString(),
    types: types.map((type, index) => ({ group: type.group, resource: type.resource, count: counts[index]! })),
  };
  return { header, shards };
}

/**
 * The number of objects of a type at version `at`: each shard's one-item page and its
 * remainingItemCount (a shard never written answers an empty list).
 */
async function countAt(shards: ShardStorage[], at: number): Promise<number> {
  const counts = await Promise.all(shards.map(async (shard) => {
    const page = await shard.list({ prefix: '', version: { match: 'exact', resourceVersion: at }, limit: 1, advanceClockTo: at });
    let listed = 0;
    for await (const _ of page.items) listed += 1;
    return listed + (page.remainingItemCount ?? 0);
  }));
  return counts.reduce((sum, count) => sum + count, 0);
}

/** Where a snapshot's body resumes: the type index and the last key written of it. */
export interface SnapshotCursor {
  t: number;
  after?: string;
}

/** A line of a snapshot's body, with where it leaves the cursor (none for the trailer). */
export interface BodyLine {
  line: string;
  cursor?: SnapshotCursor;
}

/**
 * The snapshot's lines after its header from `from` (objects type by type, then the trailer), each
 * without its newline; `tally` holds what was written before `from` (a run resumed: scheduled.ts).
 */
export async function* snapshotBody(plan: SnapshotPlan, from: SnapshotCursor = { t: 0 }, tally = new TypeTally(plan.header.types.length)): AsyncGenerator<BodyLine> {
  const { header, shards } = plan;
  for (let index = from.t; index < header.types.length; index++) {
    if (header.types[index]!.count === 0) continue;
    const after = index === from.t ? from.after : undefined;
    const list = await mergedList(shards[index]!, { prefix: '', version: { match: 'exact', resourceVersion: header.resourceVersion }, ...(after ? { afterKey: after } : {}) });
    for await (const item of list.items) {
      const line = itemLine(index, item.key, storedToJson(item));
      tally.add(index, line);
      yield { line, cursor: { t: index, after: item.key } };
    }
  }
  yield { line: JSON.stringify(tally.trailer()) };
}

/** The whole snapshot as gzip'd NDJSON bytes, produced as the reader pulls (chunks of about 64 KiB). */
export function snapshotStream(plan: SnapshotPlan): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const lines = (async function* () {
    yield JSON.stringify(plan.header);
    for await (const { line } of snapshotBody(plan)) yield line;
  })();
  const text = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let chunk = '';
      while (chunk.length < 64 * 1024) {
        const next = await lines.next();
        if (next.done) {
          if (chunk) controller.enqueue(encoder.encode(chunk));
          controller.close();
          return;
        }
        chunk += `${next.value}\n`;
      }
      controller.enqueue(encoder.encode(chunk));
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
  return text.pipeThrough(new CompressionStream('gzip'));
}

/** The plan of a snapshot whose header was made before (a resumed run). */
export function plannedSnapshot(cluster: ClusterContext, header: SnapshotHeader): SnapshotPlan {
  return { header, shards: header.types.map((type) => shardsOf(cluster, type)) };
}
