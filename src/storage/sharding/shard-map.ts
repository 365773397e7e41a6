/**
 * How each resource type's objects spread over storage shards: a count and a shard key, from the
 * SHARDED_TYPES setting. Key `namespace` keeps a namespace's objects together (a namespace's list
 * and watch touch one shard); key `name` spreads them by namespace/name (a hot namespace such as
 * kube-node-lease). Types not named have one shard, as if the setting were absent.
 *
 * A type's ShardMap is the one place that says which shards a type has (their addresses, in
 * index order) and which of them owns an object: storage addressing, the storage of a type over
 * several shards, resharding and the reshard route all ask it.
 */
import { fnv1a } from '../../apimachinery/hash.js';
import type { ShardAddress } from '../../durable/addresses.js';

export interface ShardLayout {
  count: number;
  key: 'namespace' | 'name';
}

/** The layout of a type of no configuration: one shard. */
export const singleShard: ShardLayout = Object.freeze({ count: 1, key: 'namespace' });

/** The most shards one type may have: a list or watch across shards talks to each. */
export const maxShards = 64;

/** A resource type of a cluster, as storage knows it (its storage resource: see registry/stored-codec.ts). */
export interface StoredType {
  cluster: string;
  group: string;
  resource: string;
}

/** Where the objects of one type live: its shards, and the one function that chooses among them. */
export class ShardMap {
  constructor(readonly type: StoredType, readonly layout: ShardLayout) {}

  get count(): number {
    return this.layout.count;
  }

  /** Every shard of the type, in index order. */
  shards(): ShardAddress[] {
    const { cluster, group, resource } = this.type;
    if (this.layout.count === 1) return [{ cluster, group, resource }];
    return Array.from({ length: this.layout.count }, (_, index) => ({ cluster, group, resource, shard: { index, count: this.layout.count } }));
  }

  /** The index of the shard that owns the object (namespace, name): a hash of the layout's key. */
  owner(namespace: string, name?: string): number {
    if (this.layout.count === 1) return 0;
    const spreadBy = this.layout.key === 'name' ? `${namespace}/${name ?? ''}` : namespace;
    return fnv1a(spreadBy) % this.layout.count;
  }

  /** The index of the shard that owns `key` (`namespace/name`, or `name` for cluster-scoped objects). */
  ownerOfKey(key: string): number {
    const slash = key.indexOf('/');
    return slash < 0 ? this.owner('', key) : this.owner(key.slice(0, slash), key.slice(slash + 1));
  }

  /** The one shard a collection lives in (a namespace of a type spread by namespace, or a type of one shard), or null when it spans them. */
  onlyShardOf(prefix: string): number | null {
    if (this.layout.count === 1) return 0;
    if (this.layout.key !== 'namespace' || !prefix.endsWith('/')) return null;
    return this.owner(prefix.slice(0, -1));
  }
}

/** The SHARDED_TYPES setting: the layout of each type it names. */
export class ShardLayouts {
  constructor(private readonly layouts: ReadonlyMap<string, ShardLayout> = new Map()) {}

  /** Parses `resource[.group]=count[:key],...`; a malformed entry is a configuration error, thrown. */
  static parse(text: string): ShardLayouts {
    const layouts = new Map<string, ShardLayout>();
    for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
      const match = /^([a-z0-9-]+)((?:\.[a-z0-9-]+)*)=(.*)$/.exec(entry);
      const layout = match ? layoutOrNull(match[3]!) : null;
      if (!match || !layout) throw new Error(`SHARDED_TYPES: cannot read ${JSON.stringify(entry)} (resource[.group]=count[:namespace|name], count 1-${maxShards})`);
      layouts.set(typeKey(match[2]!.slice(1), match[1]!), layout);
    }
    return new ShardLayouts(layouts);
  }

  /** The layout of (group, resource). */
  layoutOf(group: string, resource: string): ShardLayout {
    return this.layouts.get(typeKey(group, resource)) ?? singleShard;
  }

  /** The map of a type of `cluster`. */
  mapOf(type: StoredType): ShardMap {
    return new ShardMap(type, this.layoutOf(type.group, type.resource));
  }
}

/** A layout written `count[:namespace|name]` (SHARDED_TYPES entries, the reshard route); null when it is not one. */
export function layoutOrNull(text: string): ShardLayout | null {
  const match = /^(\d+)(?::(namespace|name))?$/.exec(text);
  const count = Number(match?.[1]);
  if (!match || count < 1 || count > maxShards) return null;
  return { count, key: (match[2] as ShardLayout['key'] | undefined) ?? 'namespace' };
}

function typeKey(group: string, resource: string): string {
  return group ? `${resource}.${group}` : resource;
}
