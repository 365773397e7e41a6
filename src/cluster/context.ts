/**
 * The cluster context: the control plane a request, a storage shard or a controller partition acts
 * in, as a value: its name (address), tenancy, settings, credentials, and the per-isolate state
 * kept for it (state slots: caches, rate-limit buckets, bootstrap, and the hooks the server's
 * assembly provides to lower layers). Its storage and controller partitions are reached through
 * its backend, which the assembly gives it over the Worker's bindings: nothing here knows them.
 */
import type { ResourceType } from '../api/catalog.js';
import type { ShardAddress } from '../durable/addresses.js';
import type { ControllerPartition } from '../durable/partition/controller-partition.js';
import type { ShardStorage, Storage } from '../storage/types.js';
import { ClusterCredentials, type CredentialTexts } from './credentials.js';
import type { ClusterSettings } from './settings.js';
import type { Tenancy } from './tenancy.js';

/**
 * A slot of per-cluster state: the module that declares it keeps its logic, the context keeps
 * the value (made on first use, or provided by the assembly), so nothing per-cluster lives in
 * module-level variables.
 */
export class ClusterState<T> {
  constructor(readonly create: (context: ClusterContext) => T) {}

  /** This slot's value in `context`. */
  of(context: ClusterContext): T {
    return context.state(this);
  }
}

/** Something that keeps derived copies of some types' objects: told when this isolate writes one. */
export interface WriteListener {
  /** Whether a write of `type` concerns it. */
  covers(type: ResourceType): boolean;
  /** Called after such a write (through this isolate) succeeded. */
  written(context: ClusterContext, type: ResourceType): Promise<void> | void;
}

export type ControllerPartitionStub = DurableObjectStub<ControllerPartition>;

/**
 * How a cluster's Durable Objects are reached, as the server's assembly builds it for the current
 * request (stubs are tied to the request that made them).
 */
export interface ClusterBackend {
  /** The storage of a resource type (its storage resource: registry/stored-codec.ts), over all its shards. */
  storage(group: string, resource: string): Storage;
  /** One storage shard's storage, reached directly (resharding, erasing a cluster). */
  shard(address: ShardAddress): ShardStorage;
  /** A controller partition. */
  partition(index: number): ControllerPartitionStub;
}

/** The clusters of this isolate, by address: how code that acts on another cluster (a tenant's) reaches it. */
export interface ClusterDirectory {
  /** The cluster at address `name`; a tenant's credential texts when the caller knows them. */
  of(name: string, secrets?: CredentialTexts): ClusterContext;
}

export class ClusterContext {
  private readonly slots = new Map<ClusterState<unknown>, unknown>();
  private readonly listeners: WriteListener[] = [];
  private texts: CredentialTexts = {};
  readonly credentials = new ClusterCredentials(() => this.texts);

  /**
   * `name` is the cluster's address (names.ts): `default`, or `NAME:UID` for a tenant. Without a
   * backend (until the assembly binds one) it reaches no storage.
   */
  constructor(
    readonly name: string,
    readonly tenancy: Tenancy,
    private current: ClusterSettings,
    private backend?: ClusterBackend,
  ) {}

  get settings(): ClusterSettings {
    return this.current;
  }

  /**
   * Takes the backend and settings of the current request (workerd may hand each request its own
   * bindings) and, when the caller knows them, the cluster's credential texts.
   */
  rebind(backend: ClusterBackend, settings: ClusterSettings, texts?: CredentialTexts): this {
    this.backend = backend;
    this.current = settings;
    if (texts) this.texts = texts;
    return this;
  }

  /** The storage of a resource type's objects (group and resource of its storage: registry/stored-codec.ts). */
  storage(group: string, resource: string): Storage {
    return this.bound().storage(group, resource);
  }

  /** One storage shard of this cluster, reached directly. */
  shard(address: ShardAddress): ShardStorage {
    return this.bound().shard(address);
  }

  /** A controller partition of this cluster. */
  partition(index: number): ControllerPartitionStub {
    return this.bound().partition(index);
  }

  private bound(): ClusterBackend {
    if (!this.backend) throw new Error(`cluster ${this.name} is bound to no storage`);
    return this.backend;
  }

  /** The value of a state slot, made on first use. */
  state<T>(slot: ClusterState<T>): T {
    if (!this.slots.has(slot)) this.slots.set(slot, slot.create(this));
    return this.slots.get(slot) as T;
  }

  /** Sets a state slot's value (the assembly's hooks), before anyone used it. */
  provide<T>(slot: ClusterState<T>, value: T): this {
    this.slots.set(slot, value);
    return this;
  }

  /** Registers a listener for writes through this isolate (caches register themselves when made). */
  listen(listener: WriteListener): void {
    this.listeners.push(listener);
  }

  /** A write of `type` through this isolate succeeded: caches of it forget, derived state catches up. */
  async written(type: ResourceType): Promise<void> {
    for (const listener of this.listeners) {
      if (listener.covers(type)) await listener.written(this, type);
    }
  }
}
