/**
 * The Storage interface over one storage shard (a StorageShard Durable Object stub): RPC replies
 * become values or thrown StorageErrors; watches are WebSockets to the shard (shard-watch.ts).
 */
import { StorageError, type StorageReply } from './errors.js';
import { subscribe, watchShard } from './shard-watch.js';
import type {
  ListRequest, ListResult, ObjectWrite, OutboxMessage, ReadVersion, Storage, StoredObject, WatchListener, WatchRequest, Watcher,
} from './types.js';

type StorageShardStub = DurableObjectStub<import('../durable/storage-shard.js').StorageShard>;

function unwrap<T>(reply: StorageReply<T>): T {
  if (reply.ok) return reply.value;
  throw new StorageError(reply.failure);
}

export class ShardClient implements Storage {
  constructor(private readonly stub: StorageShardStub) {}

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

  async delete(key: string, expectedResourceVersion: number, messages: OutboxMessage[] = []): Promise<StoredObject> {
    return unwrap(await this.stub.delete(key, expectedResourceVersion, messages) as StorageReply<StoredObject>);
  }

  watch(request: WatchRequest, listener: WatchListener): Promise<Watcher> {
    return watchShard((subscription) => subscribe(this.stub, subscription), request, listener);
  }

  advanceClock(resourceVersion: number): Promise<number> {
    return this.stub.advanceClock(resourceVersion);
  }
}
