/**
 * A cache of whole collections (every object of some resource types) of one cluster, kept in the
 * cluster's context per isolate and rebuilt only when one of them changed: the stateless
 * stand-in for kube-apiserver's informers. Each use trusts the cache for `freshMillis`; after
 * that one read of each type's newest resourceVersion compares them with the ones the cache was
 * built from, and only a difference reads the collections again. A write through this
 * isolate makes the next use check at once (the context tells every cache covering the written
 * type), so the writer's next request sees its own change; other isolates see it within
 * `freshMillis`. While one request checks an aged-out cache, the others use it unchecked (one
 * probe per isolate and `freshMillis`, not one per concurrent request).
 *
 * No promise is shared between requests (workerd ties I/O to the request that started it):
 * concurrent requests that find the cache stale each read.
 */
import type { ResourceType } from '../api/catalog.js';
import { ClusterState, type ClusterContext, type WriteListener } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import { storeFor } from './registry.js';

const everything = { continue: '', resourceVersion: '', resourceVersionMatch: '' } as const;

interface Built<T> {
  value: T;
  versions: string;
  checkedAt: number;
}

export interface CollectionCacheOptions {
  freshMillis?: number;
  /** Runs after a write of a covered type through this isolate (derived state catching up). */
  afterWrite?: (cluster: ClusterContext, type: ResourceType) => Promise<void>;
}

export class CollectionCache<T> implements WriteListener {
  private built: Built<T> | undefined;
  private readonly freshMillis: number;

  /** `build` turns the items of each type (in `types` order) into the cached value. */
  constructor(
    private readonly types: () => ResourceType[],
    private readonly build: (collections: KubeObject[][], cluster: ClusterContext) => T | Promise<T>,
    private readonly options: CollectionCacheOptions = {},
  ) {
    this.freshMillis = options.freshMillis ?? 1_000;
  }

  /** The cached value, checked against storage when older than `freshMillis` (or at once with `checkNow`). */
  async current(cluster: ClusterContext, checkNow = false): Promise<T> {
    const built = this.built;
    if (built && !checkNow && Date.now() - built.checkedAt < this.freshMillis) return built.value;
    // Aged out (not forgotten after a write here): requests arriving while this one checks use
    // the value as it is, instead of each probing storage too.
    if (built && !checkNow && built.checkedAt !== -Infinity) this.built = { ...built, checkedAt: Date.now() };
    const stores = this.types().map((type) => storeFor(cluster, type));
    const versions = (await Promise.all(stores.map((store) => store.collectionVersion()))).join(',');
    if (built && built.versions === versions) {
      this.built = { ...built, checkedAt: Date.now() };
      return built.value;
    }
    const lists = await Promise.all(stores.map((store) => store.listObjects('', { ...everything, limit: 0 })));
    const value = await this.build(lists.map((list) => list.items), cluster);
    this.built = { value, versions: lists.map((list) => list.resourceVersion).join(','), checkedAt: Date.now() };
    return value;
  }

  /** The next use checks storage. */
  forget(): void {
    if (this.built) this.built = { ...this.built, checkedAt: -Infinity };
  }

  covers(type: ResourceType): boolean {
    return this.types().some((covered) => covered.group === type.group && covered.resource === type.resource);
  }

  async written(cluster: ClusterContext, type: ResourceType): Promise<void> {
    this.forget();
    await this.options.afterWrite?.(cluster, type);
  }
}

/** A per-cluster CollectionCache slot: made on first use in a context, which then tells it of writes. */
export function collectionCacheSlot<T>(make: () => CollectionCache<T>): ClusterState<CollectionCache<T>> {
  return new ClusterState((cluster) => {
    const cache = make();
    cluster.listen(cache);
    return cache;
  });
}
