/**
 * Assembly of a Store: the Store for a resource type of a cluster, from its strategy, the
 * cluster's Storage of the type, and the hooks the server registered for the cluster (kube's
 * generic Store fields, set where the server is assembled: server/assembly/hooks.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { OutboxMessage, Storage } from '../storage/types.js';
import { Store } from './store.js';
import type { Strategy } from './strategy.js';
import { storageResourceOf } from './stored-codec.js';
import { CustomResourceStrategy } from './strategies/custom-resource.js';
import { DefaultStrategy } from './strategies/default.js';
import { NamespaceFinalizeStrategy, NamespaceStrategy } from './strategies/namespaces.js';
import { StatusStrategy } from './strategies/status.js';
import { EventsGroupEventStrategy } from './strategies/events.js';
import { EphemeralContainersStrategy } from './strategies/ephemeral-containers.js';
import { ApprovalStrategy } from './strategies/approval.js';

export type StrategyConstructor = new (type: ResourceType) => DefaultStrategy;

/** What the server registers into the registry of a cluster. */
export interface RegistryHooks {
  /** The strategy of a type a feature serves (the ControlPlane type), where the registry's own would not do; undefined for the rest. */
  strategy(type: ResourceType): StrategyConstructor | undefined;
  /**
   * The messages a write of `type` from `previous` to `next` (null: absent) sends, stored in the
   * write's transaction and delivered after its commit (the controllers' events): what kube's
   * AfterCreate, AfterUpdate and AfterDelete hooks would do, without a window for losing it.
   */
  messages(cluster: ClusterContext, type: ResourceType, previous: KubeObject | null, next: KubeObject | null): OutboxMessage[];
  /** The storage a Store of `type` uses over the cluster's (custom resources converted by webhook); the cluster's if absent. */
  storage?(cluster: ClusterContext, type: ResourceType, storage: Storage): Storage;
}

/** None: the registry's own strategies, writes that tell nobody. */
const noHooks: RegistryHooks = { strategy: () => undefined, messages: () => [] };

/** The registry hooks of a cluster (provided by the server's assembly). */
export const registryHooks = new ClusterState<RegistryHooks>(() => noHooks);

const strategyConstructors: Record<string, StrategyConstructor> = {
  '/namespaces': NamespaceStrategy,
  'events.k8s.io/events': EventsGroupEventStrategy,
};

const strategies = new Map<string, Strategy>();
/** Custom resource strategies hang on their type object, which a CRD change replaces. */
const customStrategies = new WeakMap<ResourceType, Map<string, Strategy>>();

/**
 * The strategy of a type, or of its status (a namespace's finalize, a pod's ephemeralcontainers,
 * a CSR's approval) subresource: stateless, so one per type and isolate. `hooks` may give a
 * custom type's a strategy of its own.
 */
export function strategyFor(type: ResourceType, subresource = '', hooks: RegistryHooks = noHooks): Strategy {
  const cache = type.custom ? customStrategyCache(type) : strategies;
  const key = `${type.group}/${type.version}/${type.resource}/${subresource}`;
  let strategy = cache.get(key);
  if (!strategy) {
    const constructor = type.custom ? hooks.strategy(type) ?? CustomResourceStrategy : strategyConstructors[`${type.group}/${type.resource}`] ?? DefaultStrategy;
    const main = new constructor(type);
    if (subresource === 'status') strategy = new StatusStrategy(main);
    else if (subresource === 'approval') strategy = new ApprovalStrategy(main);
    else if (subresource === 'finalize') strategy = new NamespaceFinalizeStrategy(type);
    else if (subresource === 'ephemeralcontainers') strategy = new EphemeralContainersStrategy(main);
    else strategy = main;
    cache.set(key, strategy);
  }
  return strategy;
}

function customStrategyCache(type: ResourceType): Map<string, Strategy> {
  let cache = customStrategies.get(type);
  if (!cache) customStrategies.set(type, (cache = new Map()));
  return cache;
}

/** The Store serving `type` (or its status, or a namespace's finalize, subresource) in `cluster`. */
export function storeFor(cluster: ClusterContext, type: ResourceType, subresource = ''): Store {
  const hooks = registryHooks.of(cluster);
  const { group, resource } = storageResourceOf(type.group, type.resource);
  const messages = (previous: KubeObject | null, next: KubeObject | null) => hooks.messages(cluster, type, previous, next);
  const storage = cluster.storage(group, resource);
  const served = hooks.storage?.(cluster, type, storage) ?? storage;
  return new Store(type, strategyFor(type, subresource, hooks), served, messages, cluster.settings.historyWindowSeconds);
}
