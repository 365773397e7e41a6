/**
 * Assembly: the Store for a resource type, from its strategy and the Storage of the Durable
 * Object that owns it (chosen by storage/shard.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import type { Env } from '../env.js';
import { storageFor } from '../storage/durable-storage.js';
import { defaultCluster } from '../storage/shard.js';
import { Store } from './store.js';
import type { Strategy } from './strategy.js';
import { DefaultStrategy } from './strategies/default.js';
import { NamespaceStrategy } from './strategies/namespaces.js';

const strategyConstructors: Record<string, new (type: ResourceType) => Strategy> = {
  '/namespaces': NamespaceStrategy,
};

const strategies = new Map<string, Strategy>();

/** The strategy of a type: stateless, so one per type and isolate. */
export function strategyFor(type: ResourceType): Strategy {
  const key = `${type.group}/${type.version}/${type.resource}`;
  let strategy = strategies.get(key);
  if (!strategy) {
    const Constructor = strategyConstructors[`${type.group}/${type.resource}`] ?? DefaultStrategy;
    strategy = new Constructor(type);
    strategies.set(key, strategy);
  }
  return strategy;
}

/** The Store serving `type` for a request in `namespace`. */
export function storeFor(env: Env, type: ResourceType, namespace: string): Store {
  const storage = storageFor(env, { cluster: defaultCluster, group: type.group, resource: type.resource, namespace });
  return new Store(type, strategyFor(type), storage);
}
