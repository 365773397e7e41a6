/**
 * ControllerPartition: one partition (by object uid) of a cluster's own controller duties
 * (garbage collection, namespace termination, graceful deletion without a kubelet, CRD names,
 * establishment and cleanup), as a Durable Object whose address is its name.
 * Storage shards deliver the controller events writes sent (receive); the partition folds them
 * into its graph in one transaction and schedules tasks, which its alarm runs, a bounded number
 * at a time, reading and writing objects through the API's own Stores. Tasks are rows: they
 * survive restarts and are retried with backoff until they succeed; each is safe to run again.
 * A partition stores nothing until it receives its first events (questions to one that never
 * did are answered from an empty graph); `erase` deletes all it stores when its cluster goes.
 */
import { DurableObject } from 'cloudflare:workers';
import { inPool } from '../../apimachinery/concurrency.js';
import type { Env } from '../../server/env.js';
import { applyEvent } from './apply-event.js';
import { ApiClient } from '../../controllers/api-client.js';
import { processOwner, resolve } from '../../controllers/collector.js';
import type { ControllerEvent } from './events.js';
import { ExternalManager } from '../../controllers/external-manager.js';
import { expireGrace } from '../../controllers/grace.js';
import { Graph, graphSchema, type Locator, type ObjectRef, type Task } from './graph.js';
import { hasTable } from '../schema.js';
import { terminateNamespace } from '../../controllers/namespaces.js';
import { reconcileCrd } from '../../controllers/crd-controller.js';
import { partitionOf } from './partitions.js';
import { type PartitionAddress, partitionAddressOf } from '../addresses.js';
import { reconcileControlPlane } from '../../tenancy/control-plane-controller.js';
import type { ClusterContext } from '../../cluster/context.js';
import { clusterContext } from '../../cluster/contexts.js';

/** The tasks kube-controller-manager's controllers also do, and how long they wait while it leads. */
const deferrable = new Set<Task['kind']>(['owner', 'expire', 'namespace']);
const deferMillis = 5_000;

/** Tasks run at a time, and the longest an alarm keeps running before it yields. */
const tasksInFlight = 16;
const alarmBudgetMillis = 20_000;
const maxBackoffMillis = 60_000;

export class ControllerPartition extends DurableObject<Env> {
  /** Who this partition is: (cluster, partition index). */
  readonly address: PartitionAddress;
  private readonly graph: Graph;
  private readonly running = new Set<string>();
  private readonly externalManager = new ExternalManager();
  /** Its cluster was deleted and its storage erased: it takes no more work while in memory. */
  private erased = false;
  /** Whether its tables exist (it received events); until then its graph is empty and it stores nothing. */
  private stored = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.address = partitionAddressOf(ctx.id.name);
    this.graph = new Graph(ctx.storage.sql);
    void ctx.blockConcurrencyWhile(async () => {
      this.stored = hasTable(ctx.storage.sql, 'tasks');
      if (!this.stored) return;
      this.createTables();
      if (this.graph.taskCount() > 0 && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /**
   * Accepts the messages of a storage shard's outbox (ControllerEvents, see messages.ts): applied
   * durably before this returns.
   */
  async receive(messages: unknown[]): Promise<void> {
    if (this.erased) return;
    const now = Date.now();
    const partitions = this.cluster.settings.controllerPartitions;
    const mine = (uid: string) => partitionOf(uid, partitions) === this.address.partition;
    this.ctx.storage.transactionSync(() => {
      if (!this.stored) this.createTables();
      for (const event of messages as ControllerEvent[]) applyEvent(this.graph, event, mine, now);
    });
    this.stored = true;
    await this.wake();
  }

  /** Whether the object with `uid` (of this partition) has dependents. */
  hasDependents(uid: string): boolean {
    return this.stored && this.graph.hasEdges(uid);
  }

  /** How much work is waiting (tests and benchmarks wait for 0). */
  pendingTasks(): number {
    return this.stored && !this.erased ? this.graph.taskCount() : 0;
  }

  /** Bytes of storage the partition holds (SQLite's database size). */
  storedBytes(): number {
    return this.ctx.storage.sql.databaseSize;
  }

  /** The custom resource types (group, plural) of every CRD this partition heard of. */
  customTypes(): { group: string; resource: string }[] {
    return this.stored && !this.erased ? this.graph.customTypes() : [];
  }

  /** Erases this partition's storage and alarm (its cluster was deleted); it does nothing more while in memory. */
  async erase(): Promise<void> {
    this.erased = true;
    this.stored = false;
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    if (!this.stored) return;
    const deadline = Date.now() + alarmBudgetMillis;
    while (!this.erased && Date.now() < deadline) {
      const due = this.graph.dueTasks(Date.now(), tasksInFlight * 4).filter((task) => !this.running.has(task.id));
      if (due.length === 0) break;
      await inPool(due, tasksInFlight, (task) => this.run(task));
    }
    const next = this.erased ? null : this.graph.nextDue();
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }

  private async run(task: Task): Promise<void> {
    this.running.add(task.id);
    try {
      const again = await this.execute(task);
      if (this.erased) return;
      if (again === null) this.graph.finish(task);
      else this.graph.reschedule(task, again, false);
    } catch (error) {
      if (this.erased) return;
      const backoff = Math.min(maxBackoffMillis, 500 * 2 ** task.attempts);
      console.warn(`controller task ${task.id} failed (attempt ${task.attempts + 1}), retrying in ${backoff} ms:`, error);
      this.graph.reschedule(task, Date.now() + backoff, true);
    } finally {
      this.running.delete(task.id);
    }
  }

  /** Runs a task; null when it is done, else when to run it again. */
  private async execute(task: Task): Promise<number | null> {
    if (deferrable.has(task.kind) && (await this.standingDown())) return Date.now() + deferMillis;
    switch (task.kind) {
      case 'owner': {
        const owner = this.graph.owner(task.uid);
        if (owner) await processOwner({ graph: this.graph, api: this.api, hasDependents: (uid) => this.dependentsOf(uid) }, owner);
        return null;
      }
      case 'verify':
        return this.verify(task.uid);
      case 'expire':
        return expireGrace(this.api, task.payload as ObjectRef, new Date());
      case 'namespace':
        return terminateNamespace(this.api, task.payload as ObjectRef, () => new Date());
      case 'crd':
        return reconcileCrd(this.api, task.payload as ObjectRef, () => new Date());
      case 'controlplane':
        // Tenants are the default plane's objects; a tenant's CRD of the same name is just a custom resource.
        return this.cluster.tenant === undefined ? reconcileControlPlane(this.api, this.cluster, task.payload as ObjectRef, () => new Date()) : null;
    }
  }

  /** An owner only named by dependents so far: read it; missing or replaced means gone. */
  private async verify(uid: string): Promise<null> {
    const owner = this.graph.owner(uid);
    if (!owner || owner.state !== 'unverified') return null;
    const target = await resolve(this.api, owner.locator as Locator);
    if (!target) {
      this.graph.setOwner(uid, 'present', owner.locator);
      return null;
    }
    const live = await this.api.get(target.type, target.namespace, target.name);
    const current = this.graph.owner(uid);
    if (!current || current.state !== 'unverified') return null;
    if (live && live.metadata.uid === uid) this.graph.setOwner(uid, 'present', owner.locator);
    else {
      this.graph.setOwner(uid, 'gone', owner.locator);
      this.graph.schedule('owner', uid, null, Date.now());
    }
    return null;
  }

  private async dependentsOf(uid: string): Promise<boolean> {
    const partition = partitionOf(uid, this.cluster.settings.controllerPartitions);
    if (partition === this.address.partition) return this.graph.hasEdges(uid);
    return this.cluster.partition(partition).hasDependents(uid);
  }

  /**
   * Whether the built-in collector, namespace deleter and grace expiry let kube-controller-manager
   * do their work now (BUILTIN_CONTROLLERS=auto while it holds its leader lease; external-manager.ts).
   */
  private async standingDown(): Promise<boolean> {
    return this.cluster.settings.builtinControllers === 'auto' && this.externalManager.leads(this.api);
  }

  /** The cluster this partition works for. */
  private get cluster(): ClusterContext {
    return clusterContext(this.env, this.address.cluster);
  }

  /** The cluster's objects, as the controllers read and write them. */
  private get api(): ApiClient {
    return new ApiClient(this.cluster, () => new Date());
  }

  /** The graph's tables (idempotent: also adds tables later versions introduced). */
  private createTables(): void {
    for (const statement of graphSchema) this.ctx.storage.sql.exec(statement);
  }

  /** Sets the alarm for the earliest task, unless one is set earlier; no tasks, no alarm. */
  private async wake(): Promise<void> {
    const next = this.graph.nextDue();
    if (next === null) return;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > next) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
