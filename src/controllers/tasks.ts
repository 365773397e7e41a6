/**
 * What a controller partition's tasks do: each kind of task is a controller's work on one object,
 * run with the cluster's objects as the controllers read and write them (api-client.ts). The
 * built-in kinds are the garbage collector's (owner, verify), graceful deletion's (expire) and the
 * namespace deleter's (namespace); the server's assembly adds the features' (CRD names and
 * establishment, control planes). With BUILTIN_CONTROLLERS=auto, the work kube-controller-manager
 * also does waits while it holds its leader lease, and a namespace's deletion while it published
 * into the namespace (external-manager.ts).
 */
import type { ClusterContext, ClusterDirectory } from '../cluster/context.js';
import type { PartitionContext } from '../durable/partition/controller-partition.js';
import type { Locator, ObjectRef, Task } from '../durable/partition/graph.js';
import { ApiClient } from './api-client.js';
import { processOwner, resolve } from './collector.js';
import { ExternalManager, managerDeletesNamespace } from './external-manager.js';
import { expireGrace } from './grace.js';
import { terminateNamespace } from './namespaces.js';

/** What a task runs with: its cluster, the cluster's objects, the partition running it, and the other clusters. */
export interface TaskScope {
  cluster: ClusterContext;
  api: ApiClient;
  partition: PartitionContext;
  clusters: ClusterDirectory;
}

/** One kind of task's work: null when done, else when to run it again. */
export type TaskRunner = (task: Task, scope: TaskScope) => Promise<number | null>;

export type TaskRunners = Partial<Record<Task['kind'], TaskRunner>>;

/** The tasks kube-controller-manager's controllers also do, and how long they wait while it leads. */
const deferrable = new Set<Task['kind']>(['owner', 'expire', 'namespace']);
const deferMillis = 5_000;

/** The garbage collector's, graceful deletion's and the namespace deleter's tasks. */
export const builtinTaskRunners: TaskRunners = {
  owner: async (task, { api, partition }) => {
    const owner = partition.graph.owner(task.uid);
    if (owner) await processOwner({ graph: partition.graph, api, hasDependents: (uid) => partition.dependentsOf(uid) }, owner);
    return null;
  },
  verify: (task, { api, partition }) => verify(api, partition, task.uid),
  expire: (task, { api }) => expireGrace(api, task.payload as ObjectRef, new Date()),
  namespace: (task, { api }) => terminateNamespace(api, task.payload as ObjectRef, () => new Date()),
};

/** Runs the tasks of one controller partition (one per Durable Object: it remembers the external manager's lease). */
export class ControllerTasks {
  private readonly externalManager = new ExternalManager();

  constructor(private readonly runners: TaskRunners) {}

  /** Runs `task` of a partition; null when it is done, else when to run it again. */
  async execute(task: Task, partition: PartitionContext, clusters: ClusterDirectory): Promise<number | null> {
    const cluster = clusters.of(partition.address.cluster);
    const api = new ApiClient(cluster, () => new Date());
    if (deferrable.has(task.kind) && (await this.standingDown(cluster, api))) return Date.now() + deferMillis;
    if (task.kind === 'namespace' && cluster.settings.builtinControllers === 'auto' && (await managerDeletesNamespace(api, (task.payload as ObjectRef).name, new Date()))) {
      return Date.now() + deferMillis;
    }
    const runner = this.runners[task.kind];
    return runner ? runner(task, { cluster, api, partition, clusters }) : null;
  }

  /**
   * Whether the built-in collector, namespace deleter and grace expiry let kube-controller-manager
   * do their work now (BUILTIN_CONTROLLERS=auto while it holds its leader lease; external-manager.ts).
   */
  private async standingDown(cluster: ClusterContext, api: ApiClient): Promise<boolean> {
    return cluster.settings.builtinControllers === 'auto' && this.externalManager.leads(api);
  }
}

/** An owner only named by dependents so far: read it; missing or replaced means gone. */
async function verify(api: ApiClient, partition: PartitionContext, uid: string): Promise<null> {
  const { graph } = partition;
  const owner = graph.owner(uid);
  if (!owner || owner.state !== 'unverified') return null;
  const target = await resolve(api, owner.locator as Locator);
  if (!target) {
    graph.setOwner(uid, 'present', owner.locator);
    return null;
  }
  const live = await api.get(target.type, target.namespace, target.name);
  const current = graph.owner(uid);
  if (!current || current.state !== 'unverified') return null;
  if (live && live.metadata.uid === uid) graph.setOwner(uid, 'present', owner.locator);
  else {
    graph.setOwner(uid, 'gone', owner.locator);
    graph.schedule('owner', uid, null, Date.now());
  }
  return null;
}
