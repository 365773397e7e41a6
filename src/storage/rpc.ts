/**
 * ShardRpc: the calls of one storage shard over its Durable Object stub, the bottom of the
 * storage stack. Replies become values or thrown StorageErrors; lists and history arrive as byte
 * streams read as they are iterated; a watch subscription is a WebSocket to the shard's WatchHub.
 * It keeps nothing: the isolate's cache of a shard is the decorator above it (cacher/).
 */
import type { ShardAddress } from '../durable/addresses.js';
import { shardName } from '../durable/addresses.js';
import type { ListHeader, PageKeys } from '../durable/list.js';
import type { ListBody } from '../durable/list-stream.js';
import type { DeleteExtras, ListRequest, ObjectWrite, ReadVersion, StorageReply, StoredObject } from '../durable/protocol.js';
import type { StorageShard } from '../durable/storage-shard.js';
import { type Change, type HubSubscription, parseMessage, subscriptionHeader } from '../durable/watch-protocol.js';
import { endSpan, startSpan } from '../apimachinery/timeline.js';
import { StorageError } from './errors.js';
import { lines, listItems, textItems } from './list-lines.js';
import type { ListResult } from './types.js';

export type StorageShardStub = DurableObjectStub<StorageShard>;

/** A reply's value, or its failure thrown. */
function unwrap<T>(reply: StorageReply<T>): T {
  if (reply.ok) return reply.value;
  throw new StorageError(reply.failure);
}

/** A shard call's value, the call a span of the request's timeline (when one is recorded). */
async function called<T>(name: string, call: Promise<unknown>): Promise<T> {
  const span = startSpan(name);
  const reply = await call as StorageReply<T>;
  endSpan(span);
  return unwrap(reply);
}

export class ShardRpc {
  /** The shard's name (its identity in per-isolate maps). */
  readonly name: string;

  constructor(private readonly stub: StorageShardStub, readonly address: ShardAddress) {
    this.name = shardName(address);
  }

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    return called<StoredObject>('storage get', this.stub.get(key, version));
  }

  async list(request: ListRequest): Promise<ListResult> {
    const reply = await called<{ header: ListHeader } & ListBody>('storage list', this.stub.list(request));
    return { ...reply.header, items: 'text' in reply ? textItems(reply.text) : listItems(reply.body) };
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return called<StoredObject>('storage create', this.stub.create(write));
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return called<StoredObject>('storage update', this.stub.update(write, expectedResourceVersion));
  }

  async delete(key: string, expectedResourceVersion: number, extras: DeleteExtras = {}): Promise<StoredObject> {
    return called<StoredObject>('storage delete', this.stub.delete(key, expectedResourceVersion, extras));
  }

  advanceClock(resourceVersion: number): Promise<number> {
    return this.stub.advanceClock(resourceVersion);
  }

  async closeDefinition(uid: string): Promise<void> {
    await this.stub.closeDefinition(uid);
  }

  compactTo(resourceVersion: number): Promise<number> {
    return this.stub.compact(resourceVersion);
  }

  erase(retire = false): Promise<number> {
    return this.stub.erase(retire);
  }

  async listKeys(request: ListRequest): Promise<PageKeys & { resourceVersion: number }> {
    return called<PageKeys & { resourceVersion: number }>('storage listKeys', this.stub.listKeys(request));
  }

  /** The changes under `prefix` in (`after`, `upTo`], oldest first, as they arrive. */
  async changes(prefix: string, after: number, upTo: number): Promise<AsyncGenerator<Change>> {
    return changesOf(unwrap(await this.stub.changes(prefix, after, upTo) as StorageReply<ReadableStream<Uint8Array>>));
  }

  /** Opens a watch subscription: the upgrade request the shard's WatchHub accepts. */
  async subscribe(subscription: HubSubscription): Promise<WebSocket> {
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
