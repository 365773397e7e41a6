/**
 * The Worker's two Durable Object classes, made with what each needs of the server: a storage
 * shard its history window, its seed (a tenant's bootstrap objects) and where its outbox goes (a
 * controller partition); a controller partition its cluster's partition count, its sibling
 * partitions, and the controllers that run its tasks (the built-in ones and the features').
 */
import { builtinTaskRunners, ControllerTasks, type TaskRunners } from '../../controllers/tasks.js';
import { reconcileCrd } from '../../controllers/crd-controller.js';
import type { ObjectRef } from '../../durable/partition/graph.js';
import { ControllerPartition, type PartitionEnvironment } from '../../durable/partition/controller-partition.js';
import { type ShardEnvironment, StorageShard } from '../../durable/storage-shard.js';
import { bootstrapSeed } from '../../registry/bootstrap-seeds.js';
import { reconcileControlPlane } from '../../tenancy/control-plane-controller.js';
import type { Env } from '../env.js';
import { partitionStub } from './backend.js';
import { clusterDirectory, settingsFor } from './clusters.js';

/** The controllers of every partition: the built-in ones, CRD names and establishment, and (in the default plane) control planes. */
const taskRunners: TaskRunners = {
  ...builtinTaskRunners,
  crd: (task, { api }) => reconcileCrd(api, task.payload as ObjectRef, () => new Date()),
  controlplane: (task, { api, cluster, clusters }) => (cluster.tenancy.hostsTenants
    ? reconcileControlPlane(api, cluster, clusters, task.payload as ObjectRef, () => new Date())
    : Promise.resolve(null)),
};

/** A storage shard of this Worker. */
export class WorkerStorageShard extends StorageShard {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, shardEnvironment(env));
  }
}

/** A controller partition of this Worker. */
export class WorkerControllerPartition extends ControllerPartition {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, partitionEnvironment(env));
  }
}

function shardEnvironment(env: Env): ShardEnvironment {
  return {
    historyWindowSeconds: () => settingsFor(env).historyWindowSeconds,
    // A tenant's storage shards are born with its bootstrap objects (system namespaces, RBAC policy).
    seed: bootstrapSeed,
    deliver: async (to, bodies) => {
      await partitionStub(env, to).receive(bodies);
    },
  };
}

function partitionEnvironment(env: Env): PartitionEnvironment {
  const tasks = new ControllerTasks(taskRunners);
  return {
    partitions: () => settingsFor(env).controllerPartitions,
    hasDependents: (partition, uid) => partitionStub(env, partition).hasDependents(uid),
    execute: (task, partition) => tasks.execute(task, partition, clusterDirectory(env)),
  };
}
