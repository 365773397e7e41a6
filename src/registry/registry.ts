/**
 * Assembly: the Store for a resource type of a cluster, from its strategy and the cluster's
 * Storage of the type (cluster/context.ts, which addresses it).
 */
import type { ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import { Store } from './store.js';
import type { Strategy } from './strategy.js';
import { DefaultStrategy } from './strategies/default.js';
import { NamespaceFinalizeStrategy, NamespaceStrategy } from './strategies/namespaces.js';
import { StatusStrategy } from './strategies/status.js';
import { EventsGroupEventStrategy } from './strategies/events.js';
import { EphemeralContainersStrategy } from './strategies/ephemeral-containers.js';
import { ApprovalStrategy } from './strategies/approval.js';
import { CustomResourceStrategy } from '../crds/strategy.js';
import { isControlPlaneType } from '../tenancy/control-plane-type.js';
import { ControlPlaneStrategy } from '../tenancy/control-plane-strategy.js';

const strategyConstructors: Record<string, new (type: ResourceType) => DefaultStrategy> = {
  '/namespaces': NamespaceStrategy,
  'events.k8s.io/events': EventsGroupEventStrategy,
};

const strategies = new Map<string, Strategy>();
/** Custom resource strategies hang on their type object, which a CRD change replaces. */
const customStrategies = new WeakMap<ResourceType, Map<string, Strategy>>();

/** The strategy of a type, or of its status (a namespace's finalize, a pod's ephemeralcontainers, a CSR's approval) subresource: stateless, so one per type and isolate. */
export function strategyFor(type: ResourceType, subresource = ''): Strategy {
  const cache = type.custom ? customStrategyCache(type) : strategies;
  const key = `${type.group}/${type.version}/${type.resource}/${subresource}`;
  let strategy = cache.get(key);
  if (!strategy) {
    const constructor = type.custom ? customStrategy(type) : strategyConstructors[`${type.group}/${type.resource}`] ?? DefaultStrategy;
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

/** The built-in ControlPlane type has its own; a CRD's types the generic one. */
function customStrategy(type: ResourceType): new (type: ResourceType) => DefaultStrategy {
  return isControlPlaneType(type) ? ControlPlaneStrategy : CustomResourceStrategy;
}

function customStrategyCache(type: ResourceType): Map<string, Strategy> {
  let cache = customStrategies.get(type);
  if (!cache) customStrategies.set(type, (cache = new Map()));
  return cache;
}

/** The Store serving `type` (or its status, or a namespace's finalize, subresource) in `cluster`. */
export function storeFor(cluster: ClusterContext, type: ResourceType, subresource = ''): Store {
  return new Store(type, strategyFor(type, subresource), cluster.storage(type.group, type.resource), cluster);
}
