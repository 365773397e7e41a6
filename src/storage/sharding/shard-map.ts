/**
 * How each resource type's objects spread over storage shards: a count and a shard key, from the
 * SHARDED_TYPES setting. Key `namespace` keeps a namespace's objects together (a namespace's list
 * and watch touch one shard); key `name` spreads them by namespace/name (a hot namespace such as
 * kube-node-lease). Types not named have one shard, as if the setting were absent.
 */
export interface ShardLayout {
  count: number;
  key: 'namespace' | 'name';
}

export type ShardLayouts = ReadonlyMap<string, ShardLayout>;

/** The layout of a type of no configuration: one shard. */
export const singleShard: ShardLayout = Object.freeze({ count: 1, key: 'namespace' });

/** The most shards one type may have: a list or watch across shards talks to each. */
export const maxShards = 64;

/** Parses `resource[.group]=count[:key],...`; a malformed entry is a configuration error, thrown. */
export function parseShardLayouts(text: string): ShardLayouts {
  const layouts = new Map<string, ShardLayout>();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([a-z0-9-]+)((?:\.[a-z0-9-]+)*)=(\d+)(?::(namespace|name))?$/.exec(entry);
    const count = Number(match?.[3]);
    if (!match || count < 1 || count > maxShards) throw new Error(`SHARDED_TYPES: cannot read ${JSON.stringify(entry)} (resource[.group]=count[:namespace|name], count 1-${maxShards})`);
    layouts.set(typeKey(match[2]!.slice(1), match[1]!), { count, key: (match[4] as ShardLayout['key'] | undefined) ?? 'namespace' });
  }
  return layouts;
}

/** The layout of (group, resource). */
export function layoutOf(layouts: ShardLayouts, group: string, resource: string): ShardLayout {
  return layouts.get(typeKey(group, resource)) ?? singleShard;
}

function typeKey(group: string, resource: string): string {
  return group ? `${resource}.${group}` : resource;
}
