/**
 * ControllerPartition: one partition (by object uid) of a cluster's own controller duties
 * (garbage collection, namespace termination, graceful deletion without a kubelet, CRD names,
 * establishment and cleanup), as a Durable Object whose address is its name.
 * Storage shards deliver the controller events writes sent (receive); the partition folds them
 * into its graph in one transaction and schedules tasks, which its alarm runs, a bounded number
 * at a time. Tasks are rows: they survive restarts and are retried with backoff until they
 * succeed; each is safe to run again. What a task does is the controllers' (src/controllers/),
 * which the server hands the partition as its PartitionEnvironment with the class (server/).
 * A partition stores nothing until it receives its first events (questions to one that never
 * did are answered from an empty graph); `erase` deletes all it stores when its cluster goes.
 */
import { DurableObject } from 'cloudflare:workers';
import { inPool } from '../../apimachinery/concurrency.js';
import { type PartitionAddress, partitionAddressOf } from '../addresses.js';
import { hasTable } from '../schema.js';
import { applyEvent } from './apply-event.js';
import type { ControllerEvent } from './events.js';
import { Graph, graphSchema, type Task } from './graph.js';
import { partitionOf } from './partitions.js';

/** Tasks run at a time, and the longest an alarm keeps running before it yields. */
const tasksInFlight = 16;
const alarmBudgetMillis = 20_000;
const maxBackoffMillis = 60_000;

/** What a task sees of the partition that runs it. */
export interface PartitionContext {
  readonly address: PartitionAddress;
  readonly graph: Graph;
  /** Whether the object with `uid` has dependents, asking its own partition when it is another's. */
  dependentsOf(uid: string): Promise<boolean>;
}

/** What a controller partition needs of the server it belongs to. */
export interface PartitionEnvironment {
  /** How many partitions its cluster has (CONTROLLER_PARTITIONS). */
  partitions(cluster: string): number;
  /** Whether the object with `uid` has dependents, as partition `partition` of the same cluster knows. */
  hasDependents(partition: PartitionAddress, uid: string): Promise<boolean>;
  /** Runs a task (the controllers' work); null when it is done, else when to run it again. */
  execute(task: Task, partition: PartitionContext): Promise<number | null>;
}

export class ControllerPartition extends DurableObject<unknown> {
  /** Who this partition is: (cluster, partition index). */
  readonly address: PartitionAddress;
  private readonly graph: Graph;
  /** What its tasks see of it. */
  private readonly context: PartitionContext;
  private readonly running = new Set<string>();
  /** Its cluster was deleted and its storage erased: it takes no more work while in memory. */
  private erased = false;
  /** Whether its tables exist (it received events); until then its graph is empty and it stores nothing. */
  private stored = false;

  constructor(ctx: DurableObjectState, env: unknown, private readonly environment: PartitionEnvironment) {
    super(ctx, env);
    this.address = partitionAddressOf(ctx.id.name);
    this.graph = new Graph(ctx.storage.sql);
    this.context = { address: this.address, graph: this.graph, dependentsOf: (uid) => this.dependentsOf(uid) };
    void ctx.blockConcurrencyWhile(async () => {
      this.stored = hasTable(ctx.storage.sql, 'tasks');
      if (!this.stored) return;
      this.createTables();
      if (this.graph.taskCount() > 0 && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /**
   * Accepts the messages of a storage shard's outbox (ControllerEvents, see controllers/messages.ts): applied
   * durably before this returns.
   */
  async receive(messages: unknown[]): Promise<void> {
    if (this.erased) return;
    const now = Date.now();
    const partitions = this.environment.partitions(this.address.cluster);
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
      const again = await this.environment.execute(task, this.context);
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

  private async dependentsOf(uid: string): Promise<boolean> {
    const partition = partitionOf(uid, this.environment.partitions(this.address.cluster));
    if (partition === this.address.partition) return this.graph.hasEdges(uid);
    return this.environment.hasDependents({ cluster: this.address.cluster, partition }, uid);
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
