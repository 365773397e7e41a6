/**
 * Who a Durable Object is: its name encodes its address, and it learns the address from its own
 * name (`ctx.id.name`, available since workerd 2026-03 in the constructor, RPC methods and
 * alarms), never from the messages it receives. Names are persistent identities (a Durable
 * Object's storage is reached by its name): they never change for an existing address.
 *
 * A storage shard of a type of one shard is `cluster/group/resource`; of a type spread over N
 * shards (storage/sharding/shard-map.ts), `cluster/group/resource/i-of-N`. A controller partition
 * is `lifecycle/cluster/N`. A cluster's address (cluster/names.ts) holds no `/`.
 */

/** A storage shard: the Durable Object holding (a part of) one resource type of one cluster. */
export interface ShardAddress {
  cluster: string;
  group: string;
  resource: string;
  /** Which of how many shards; absent for a type of one shard. */
  shard?: { index: number; count: number };
}

/** A controller partition: the Durable Object running the controllers' work for a slice of uids. */
export interface PartitionAddress {
  cluster: string;
  partition: number;
}

const partitionPrefix = 'lifecycle';

/** The address a storage shard was created for, from its Durable Object name. */
export function shardAddressOf(objectName: string | undefined): ShardAddress {
  const parts = (objectName ?? '').split('/');
  const position = parts.length === 4 ? /^(\d+)-of-(\d+)$/.exec(parts[3]!) : null;
  if ((parts.length !== 3 && !position) || parts.some((part) => part === '')) throw new Error(`not a storage shard name: ${objectName}`);
  const [cluster, group, resource] = parts as [string, string, string];
  const address: ShardAddress = { cluster, group: group === 'core' ? '' : group, resource };
  if (position) address.shard = { index: Number(position[1]), count: Number(position[2]) };
  return address;
}

/** A shard's name, also its identity in per-isolate maps. */
export function shardName(shard: ShardAddress): string {
  const base = `${shard.cluster}/${shard.group || 'core'}/${shard.resource}`;
  return shard.shard ? `${base}/${shard.shard.index}-of-${shard.shard.count}` : base;
}

/** The address a controller partition was created for, from its Durable Object name. */
export function partitionAddressOf(objectName: string | undefined): PartitionAddress {
  const parts = (objectName ?? '').split('/');
  const partition = Number(parts[2]);
  if (parts.length !== 3 || parts[0] !== partitionPrefix || !parts[1] || !Number.isInteger(partition)) {
    throw new Error(`not a controller partition name: ${objectName}`);
  }
  return { cluster: parts[1], partition };
}

/** `lifecycle/cluster/N` (the name predates the word "partition"; names never change). */
export function partitionName(partition: PartitionAddress): string {
  return `${partitionPrefix}/${partition.cluster}/${partition.partition}`;
}
