/**
 * Restoring a snapshot into an empty cluster (docs/backups.md), in three steps the caller drives
 * (`npm run snapshot -- restore`, after it read and checked the whole file):
 *   1. begin: refuses a cluster that is not empty (a CustomResourceDefinition, or a namespace
 *      besides kube's system ones), and moves the clock of every shard of the snapshot's types
 *      past the snapshot's version T;
 *   2. objects, a batch at a time in the file's order (CRDs first, so a custom type is served
 *      before its objects come): each is stored as it was (uid, creationTimestamp, generation,
 *      finalizers, ownerReferences, managedFields) with a new resourceVersion above T, replacing
 *      what the server made itself under the same key (system namespaces, bootstrap RBAC). The
 *      writes carry no controller events: the garbage collector and the namespace deleter do not
 *      see half-restored state;
 *   3. activate, a page at a time: sets every restored shard's history floor to its newest version
 *      (a watch or continue token from before answers 410 Expired: the client lists again), then
 *      hands the controllers the event of every restored object, as its creation would have.
 */
import type { ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';
import { conflict } from '../apimachinery/status.js';
import type { ClusterContext } from '../cluster/context.js';
import { controllerMessages } from '../controllers/messages.js';
import { servingCatalog } from '../crds/serving-catalog.js';
import { systemNamespaces } from '../registry/bootstrap.js';
import { strategyFor } from '../registry/registry.js';
import { codecFor } from '../registry/stored-codec.js';
import { toWrite } from '../registry/stored-object.js';
import { isStorageError } from '../storage/errors.js';
import { ShardedStorage } from '../storage/sharding/sharded-storage.js';
import { collectItems } from '../storage/list-lines.js';
import type { OutboxMessage } from '../storage/types.js';
import { shardsOf, storedTypesOf } from './cluster-types.js';
import { inPool } from '../apimachinery/concurrency.js';
import type { SnapshotHeader, SnapshotItem } from './format.js';

/** Writes of one batch under way at once. */
const writesInFlight = 8;

const typeName = (type: { group: string; resource: string }) => (type.group ? `${type.resource}.${type.group}` : type.resource);

/** Step 1: refuses a cluster that is not empty; moves every shard of the snapshot's types past T. */
export async function beginRestore(cluster: ClusterContext, header: SnapshotHeader): Promise<void> {
  const crds = await keysOf(cluster, 'apiextensions.k8s.io', 'customresourcedefinitions', 1);
  const namespaces = (await keysOf(cluster, '', 'namespaces', 100)).filter((name) => !systemNamespaces.includes(name));
  if (crds.length || namespaces.length) {
    const what = crds.length ? `customresourcedefinition ${crds[0]}` : `namespace ${namespaces[0]}`;
    throw conflict({ group: 'edge-apiserver', resource: 'restores' }, cluster.name, `a snapshot is restored only into an empty cluster (kube's system namespaces and objects the server makes itself aside), and this one holds ${what}`);
  }
  await Promise.all(header.types.flatMap((type) => shardsOf(cluster, type)).map((shard) => shard.advanceClock(header.resourceVersion)));
}

async function keysOf(cluster: ClusterContext, group: string, resource: string, limit: number): Promise<string[]> {
  const list = await cluster.storage(group, resource).list({ prefix: '', version: { match: 'latest' }, limit });
  return (await collectItems(list.items)).map((item) => item.key);
}

export interface RestoreReport {
  written: number;
  replaced: number;
  /** Types of the batch this cluster does not serve, with their objects skipped. */
  skipped: Record<string, number>;
  failed: { type: string; key: string; message: string }[];
}

/** Step 2: stores a batch of the snapshot's objects (in file order). */
export async function restoreObjects(cluster: ClusterContext, header: SnapshotHeader, items: SnapshotItem[]): Promise<RestoreReport> {
  const report: RestoreReport = { written: 0, replaced: 0, skipped: {}, failed: [] };
  const types = storedTypesOf(await servingCatalog(cluster, 'latest'));
  const touched = new Set<ResourceType>();
  // Objects of one batch are of one type (client.ts), in any order: written a few at a time.
  await inPool(items, writesInFlight, async (item) => {
    const stored = header.types[item.t]!;
    const served = types.get(`${stored.group}/${stored.resource}`)?.served;
    if (!served) {
      report.skipped[typeName(stored)] = (report.skipped[typeName(stored)] ?? 0) + 1;
      return;
    }
    try {
      report[(await restoreOne(cluster, header, stored, served, item)) ? 'replaced' : 'written'] += 1;
      touched.add(served);
    } catch (error) {
      report.failed.push({ type: typeName(stored), key: item.key, message: error instanceof Error ? error.message : String(error) });
    }
  });
  for (const type of touched) await cluster.written(type);
  return report;
}

/** Writes one object above the snapshot's version; true when it replaced one the cluster had. */
async function restoreOne(cluster: ClusterContext, header: SnapshotHeader, stored: { group: string; resource: string }, served: ResourceType, item: SnapshotItem): Promise<boolean> {
  const object = item.object as KubeObject;
  if (!!object.metadata.namespace !== served.namespaced) throw new Error(`${served.namespaced ? 'no' : 'a'} namespace on a ${served.namespaced ? 'namespaced' : 'cluster-scoped'} type`);
  const write = toWrite(item.key, object, strategyFor(served).selectableFields(object), [], !!served.custom);
  const target = storageAbove(cluster, stored, header.resourceVersion);
  try {
    await target.create(write);
    return false;
  } catch (error) {
    if (!isStorageError(error, 'KeyExists')) throw error;
    const current = await target.get(item.key, { match: 'latest' });
    await target.update(write, current.resourceVersion);
    return true;
  }
}

/** The storage of a type whose writes all get versions above `floor`. */
function storageAbove(cluster: ClusterContext, stored: { group: string; resource: string }, floor: number): ShardedStorage {
  const map = cluster.settings.shardLayouts.mapOf({ cluster: cluster.name, ...stored });
  const shards = shardsOf(cluster, stored);
  return new ShardedStorage(map, (index) => shards[index]!, { value: floor });
}

export interface ActivateStep {
  /** The type index, shard index and last key done (absent on the first call). */
  t?: number;
  s?: number;
  after?: string;
}

export interface ActivateProgress extends Required<ActivateStep> {
  events: number;
  done: boolean;
}

const activatePage = 500;

/**
 * Step 3, a page of one shard per call: the history floors (first call), then the controllers'
 * events of the restored objects, shard by shard (a shard never written lists nothing).
 */
export async function activateRestore(cluster: ClusterContext, header: SnapshotHeader, step: ActivateStep): Promise<ActivateProgress> {
  if (step.t === undefined) {
    const shards = header.types.flatMap((type) => shardsOf(cluster, type));
    await Promise.all(shards.map(async (shard) => shard.compactTo(await shard.advanceClock(0))));
  }
  const types = storedTypesOf(await servingCatalog(cluster, 'latest'));
  let [t, s, after] = [step.t ?? 0, step.s ?? 0, step.after ?? ''];
  for (; t < header.types.length; t++, s = 0, after = '') {
    const stored = header.types[t]!;
    const served = stored.count ? types.get(`${stored.group}/${stored.resource}`)?.served : undefined;
    if (!served) continue;
    const shards = shardsOf(cluster, stored);
    for (; s < shards.length; s++, after = '') {
      const page = await shards[s]!.list({ prefix: '', version: { match: 'latest' }, limit: activatePage, ...(after ? { afterKey: after } : {}) });
      const messages: OutboxMessage[] = [];
      for (const item of await collectItems(page.items)) {
        messages.push(...controllerMessages(cluster, served, null, codecFor(served).decode(item)));
        after = item.key;
      }
      const events = await deliver(cluster, messages);
      if (page.continueAfterKey !== undefined) return { t, s, after, events, done: false };
      if (events) return { t, s: s + 1, after: '', events, done: false };
    }
  }
  return { t, s, after, events: 0, done: true };
}

/** Hands messages to their partitions, as a shard's outbox would. */
async function deliver(cluster: ClusterContext, messages: OutboxMessage[]): Promise<number> {
  const byPartition = new Map<number, unknown[]>();
  for (const message of messages) {
    let bodies = byPartition.get(message.to.partition);
    if (!bodies) byPartition.set(message.to.partition, (bodies = []));
    bodies.push(JSON.parse(message.body));
  }
  await Promise.all([...byPartition].map(([partition, bodies]) => cluster.partition(partition).receive(bodies)));
  return messages.length;
}
