/**
 * The Storage interface over a ResourceStore Durable Object stub: RPC replies become values or
 * thrown StorageErrors.
 */
import type { Env } from '../env.js';
import { StorageError, type StorageReply } from './errors.js';
import { type ShardAddress, shardName } from './shard.js';
import type { ListRequest, ListResult, ObjectWrite, ReadVersion, Storage, StoredObject } from './types.js';

type ResourceStoreStub = DurableObjectStub<import('../durable/resource-store.js').ResourceStore>;

function unwrap<T>(reply: StorageReply<T>): T {
  if (reply.ok) return reply.value;
  throw new StorageError(reply.failure);
}

export class DurableStorage implements Storage {
  constructor(private readonly stub: ResourceStoreStub) {}

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    return unwrap(await this.stub.get(key, version) as StorageReply<StoredObject>);
  }

  async list(request: ListRequest): Promise<ListResult> {
    return unwrap(await this.stub.list(request) as StorageReply<ListResult>);
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return unwrap(await this.stub.create(write) as StorageReply<StoredObject>);
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return unwrap(await this.stub.update(write, expectedResourceVersion) as StorageReply<StoredObject>);
  }

  async delete(key: string, expectedResourceVersion: number): Promise<StoredObject> {
    return unwrap(await this.stub.delete(key, expectedResourceVersion) as StorageReply<StoredObject>);
  }
}

/**
 * The Storage for a shard address. Stubs are made per request: a stub is an I/O object and
 * workerd ties I/O objects to the request that created them.
 */
export function storageFor(env: Env, address: ShardAddress): Storage {
  const namespace = env.RESOURCE_STORE;
  return new DurableStorage(namespace.get(namespace.idFromName(shardName(address))));
}
