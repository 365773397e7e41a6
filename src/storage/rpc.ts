/**
 * The Storage interface over one storage shard (a StorageShard Durable Object stub): RPC replies
 * become values or thrown StorageErrors; lists and history arrive as byte streams read as they
 * are iterated; watches are served by the isolate's watch cache of the collection, one
 * subscription to the shard however many watchers (watch-cache.ts).
 */
import { type ShardAddress, shardName } from '../cluster/addressing.js';
import type { ListHeader, PageKeys } from '../durable/list.js';
import type { ListBody } from '../durable/list-stream.js';
import { StorageError, type StorageReply } from './errors.js';
import { CacheWatcher, type WatchSource } from './cacher/cache-watcher.js';
import { recentObjects } from './cacher/recent-objects.js';
import { lines, listItems, textItems } from './list-lines.js';
import type {
  DeleteExtras, ListRequest, ListResult, ObjectWrite, ReadVersion, Storage, StoredObject, WatchListener, WatchRequest, Watcher,
} from './types.js';
import type { WatchCaches } from './cacher/watch-caches.js';
import type { Change } from './cacher/watch-events.js';
import { type HubSubscription, parseMessage, subscriptionHeader } from '../durable/watch-protocol.js';

type StorageShardStub = DurableObjectStub<import('../durable/storage-shard.js').StorageShard>;

function unwrap<T>(reply: StorageReply<T>): T {
  if (reply.ok) return reply.value;
  throw new StorageError(reply.failure);
}

export class ShardClient implements Storage {
  constructor(
    private readonly stub: StorageShardStub,
    private readonly shard: ShardAddress,
    private readonly caches: WatchCaches,
  ) {}

  /** The shard's name (its identity in per-isolate maps). */
  get name(): string {
    return shardName(this.shard);
  }

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    const object = this.recorded(await this.stub.get(key, version) as StorageReply<StoredObject>);
    if (version.match !== 'exact') this.remember(object);
    return object;
  }

  async list(request: ListRequest): Promise<ListResult> {
    const reply = unwrap(await this.stub.list(request) as StorageReply<{ header: ListHeader } & ListBody>);
    return { ...reply.header, items: 'text' in reply ? textItems(reply.text) : listItems(reply.body) };
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return this.remember(this.recorded(await this.stub.create(write) as StorageReply<StoredObject>));
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return this.remember(this.recorded(await this.stub.update(write, expectedResourceVersion) as StorageReply<StoredObject>));
  }

  async delete(key: string, expectedResourceVersion: number, extras: DeleteExtras = {}): Promise<StoredObject> {
    const removed = this.recorded(await this.stub.delete(key, expectedResourceVersion, extras) as StorageReply<StoredObject>);
    recentObjects.forget(this.name, key);
    return removed;
  }

  guess(key: string): StoredObject | undefined {
    return recentObjects.guess(this.name, key);
  }

  async watch(request: WatchRequest, listener: WatchListener): Promise<Watcher> {
    const cache = this.caches.of(this.name, request.filter.prefix);
    const watcher = new CacheWatcher(cache, this.watchSource(), request, listener);
    await watcher.start();
    return watcher;
  }

  advanceClock(resourceVersion: number): Promise<number> {
    return this.stub.advanceClock(resourceVersion);
  }

  /** Sets the history floor: reads and watches from before `resourceVersion` answer Expired (resharding). */
  compactTo(resourceVersion: number): Promise<number> {
    return this.stub.compact(resourceVersion);
  }

  /** Empties the shard: every object and its history; later versions stay above its newest (an old layout's shard after resharding). */
  erase(): Promise<number> {
    return this.stub.erase();
  }

  /** The keys of a page, without documents (lists across shards plan their pages with them). */
  async listKeys(request: ListRequest): Promise<PageKeys & { resourceVersion: number }> {
    return unwrap(await this.stub.listKeys(request) as StorageReply<PageKeys & { resourceVersion: number }>);
  }

  /** A reply's value, or its failure thrown; a Conflict's current revision becomes this isolate's guess. */
  private recorded<T>(reply: StorageReply<T>): T {
    if (!reply.ok && reply.failure.code === 'Conflict' && reply.failure.current) this.remember(reply.failure.current);
    return unwrap(reply);
  }

  private remember(object: StoredObject): StoredObject {
    recentObjects.remember(this.name, object);
    return object;
  }

  /** What a watcher reads from the shard, through this request's stub. */
  private watchSource(): WatchSource {
    return {
      link: { subscribe: (subscription) => this.subscribe(subscription), current: () => this.stub.advanceClock(0) },
      list: (request) => this.list(request),
      changes: async (prefix, after, upTo) => changesOf(unwrap(await this.stub.changes(prefix, after, upTo) as StorageReply<ReadableStream<Uint8Array>>)),
    };
  }

  /** The upgrade request the shard's WatchHub accepts. */
  private async subscribe(subscription: HubSubscription): Promise<WebSocket> {
    const response = await this.stub.fetch('https://storage-shard/watch', {
      headers: { upgrade: 'websocket', [subscriptionHeader]: JSON.stringify(subscription) },
    });
    const socket = response.webSocket;
    if (!socket) throw new Error(`watch subscription refused: ${response.status}`);
    socket.accept();
    return socket;
  }
}

async function* changesOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Change> {
  for await (const line of lines(body)) {
    const message = parseMessage(line);
    if (message.kind === 'change') yield message.change;
  }
}
