/**
 * LifecycleController: one shard of the server's own controller duties (garbage collection,
 * namespace termination, graceful deletion without a kubelet, CRD names, establishment and
 * cleanup), as a Durable Object.
 * ResourceStores deliver lifecycle events (receive); the shard folds them into its graph in one
 * transaction and schedules tasks, which its alarm runs, a bounded number at a time, reading and
 * writing objects through the API's own Stores. Tasks are rows: they survive restarts and are
 * retried with backoff until they succeed; each is safe to run again.
 */
import { DurableObject } from 'cloudflare:workers';
import { inPool } from '../core/concurrency.js';
import type { Env } from '../env.js';
import { applyEvent } from './apply-event.js';
import { Cluster } from './cluster.js';
import { processOwner, resolve } from './collector.js';
import type { LifecycleEvent } from './events.js';
import { expireGrace } from './grace.js';
import { Graph, graphSchema, type Locator, type ObjectRef, type Task } from './graph.js';
import { terminateNamespace } from './namespaces.js';
import { reconcileCrd } from '../crds/crd-controller.js';
import { controllerName, lifecycleShards, shardOf } from './routing.js';

/** Tasks run at a time, and the longest an alarm keeps running before it yields. */
const tasksInFlight = 16;
const alarmBudgetMillis = 20_000;
const maxBackoffMillis = 60_000;

export class LifecycleController extends DurableObject<Env> {
  private readonly graph: Graph;
  private readonly cluster: Cluster;
  private readonly shards: number;
  private shard = -1;
  private readonly running = new Set<string>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.graph = new Graph(ctx.storage.sql);
    this.cluster = new Cluster(env, () => new Date());
    this.shards = lifecycleShards(env.LIFECYCLE_SHARDS);
    void ctx.blockConcurrencyWhile(async () => {
      for (const statement of graphSchema) ctx.storage.sql.exec(statement);
      const stored = await ctx.storage.get<number>('shard');
      if (stored !== undefined) this.shard = stored;
      if (this.graph.taskCount() > 0 && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /** Accepts events from a ResourceStore's outbox: applied durably before this returns. */
  async receive(shard: number, events: LifecycleEvent[]): Promise<void> {
    await this.learnShard(shard);
    const now = Date.now();
    const mine = (uid: string) => shardOf(uid, this.shards) === this.shard;
    this.ctx.storage.transactionSync(() => {
      for (const event of events) applyEvent(this.graph, event, mine, now);
    });
    await this.wake();
  }

  /** Whether the object with `uid` (of this shard) has dependents. */
  hasDependents(uid: string): boolean {
    return this.graph.hasEdges(uid);
  }

  /** How much work is waiting (tests and benchmarks wait for 0). */
  pendingTasks(): number {
    return this.graph.taskCount();
  }

  override async alarm(): Promise<void> {
    const deadline = Date.now() + alarmBudgetMillis;
    while (Date.now() < deadline) {
      const due = this.graph.dueTasks(Date.now(), tasksInFlight * 4).filter((task) => !this.running.has(task.id));
      if (due.length === 0) break;
      await inPool(due, tasksInFlight, (task) => this.run(task));
    }
    const next = this.graph.nextDue();
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }

  private async run(task: Task): Promise<void> {
    this.running.add(task.id);
    try {
      const again = await this.execute(task);
      if (again === null) this.graph.finish(task);
      else this.graph.reschedule(task, again, false);
    } catch (error) {
      const backoff = Math.min(maxBackoffMillis, 500 * 2 ** task.attempts);
      console.warn(`lifecycle task ${task.id} failed (attempt ${task.attempts + 1}), retrying in ${backoff} ms:`, error);
      this.graph.reschedule(task, Date.now() + backoff, true);
    } finally {
      this.running.delete(task.id);
    }
  }

  /** Runs a task; null when it is done, else when to run it again. */
  private async execute(task: Task): Promise<number | null> {
    switch (task.kind) {
      case 'owner': {
        const owner = this.graph.owner(task.uid);
        if (owner) await processOwner({ graph: this.graph, cluster: this.cluster, hasDependents: (uid) => this.dependentsOf(uid) }, owner);
        return null;
      }
      case 'verify':
        return this.verify(task.uid);
      case 'expire':
        return expireGrace(this.cluster, task.payload as ObjectRef, new Date());
      case 'namespace':
        return terminateNamespace(this.cluster, task.payload as ObjectRef, () => new Date());
      case 'crd':
        return reconcileCrd(this.cluster, task.payload as ObjectRef, () => new Date());
    }
  }

  /** An owner only named by dependents so far: read it; missing or replaced means gone. */
  private async verify(uid: string): Promise<null> {
    const owner = this.graph.owner(uid);
    if (!owner || owner.state !== 'unverified') return null;
    const target = await resolve(this.cluster, owner.locator as Locator);
    if (!target) {
      this.graph.setOwner(uid, 'present', owner.locator);
      return null;
    }
    const live = await this.cluster.get(target.type, target.namespace, target.name);
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
    const shard = shardOf(uid, this.shards);
    if (shard === this.shard) return this.graph.hasEdges(uid);
    const other = this.env.LIFECYCLE.get(this.env.LIFECYCLE.idFromName(controllerName(shard)));
    return other.hasDependents(uid);
  }

  /** A shard learns its index from the first delivery (its name is not visible to it). */
  private async learnShard(shard: number): Promise<void> {
    if (this.shard === shard) return;
    this.shard = shard;
    await this.ctx.storage.put('shard', shard);
  }

  /** Sets the alarm for the earliest task, unless one is set earlier; no tasks, no alarm. */
  private async wake(): Promise<void> {
    const next = this.graph.nextDue();
    if (next === null) return;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > next) await this.ctx.storage.setAlarm(Math.max(next, Date.now()));
  }
}
