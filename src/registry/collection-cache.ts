/**
 * A per-isolate cache of whole collections (every object of some resource types), rebuilt only
 * when one of them changed: the stateless stand-in for kube-apiserver's informers. Each use
 * trusts the cache for `freshMillis`; after that one `limit=1` list per type compares the
 * collections' resourceVersions with the ones the cache was built from, and only a difference
 * reads the collections again. A write through this isolate calls `forget()` so that the
 * writer's next request sees its own change (other isolates see it within `freshMillis`).
 *
 * No promise is shared between requests (workerd ties I/O to the request that started it):
 * concurrent requests that find the cache stale each read.
 */
import type { ResourceType } from '../api/catalog.js';
import type { Env } from '../env.js';
import type { KubeObject } from './object.js';
import { storeFor } from './registry.js';

const everything = { continue: '', resourceVersion: '', resourceVersionMatch: '' } as const;

interface Built<T> {
  value: T;
  versions: string;
  checkedAt: number;
}

export class CollectionCache<T> {
  private built: Built<T> | undefined;

  /** `build` turns the items of each type (in `types` order) into the cached value. */
  constructor(
    private readonly types: () => ResourceType[],
    private readonly build: (collections: KubeObject[][]) => T | Promise<T>,
    private readonly freshMillis = 1_000,
  ) {}

  /** The cached value, checked against storage when older than `freshMillis` (or at once with `checkNow`). */
  async current(env: Env, checkNow = false): Promise<T> {
    const built = this.built;
    if (built && !checkNow && Date.now() - built.checkedAt < this.freshMillis) return built.value;
    const stores = this.types().map((type) => storeFor(env, type, ''));
    const probes = await Promise.all(stores.map((store) => store.list('', { ...everything, limit: 1 })));
    const versions = probes.map((probe) => probe.resourceVersion).join(',');
    if (built && built.versions === versions) {
      this.built = { ...built, checkedAt: Date.now() };
      return built.value;
    }
    const lists = await Promise.all(stores.map((store) => store.list('', { ...everything, limit: 0 })));
    const value = await this.build(lists.map((list) => list.items));
    this.built = { value, versions: lists.map((list) => list.resourceVersion).join(','), checkedAt: Date.now() };
    return value;
  }

  /** The next use checks storage (a write through this isolate changed a collection). */
  forget(): void {
    if (this.built) this.built = { ...this.built, checkedAt: -Infinity };
  }
}
