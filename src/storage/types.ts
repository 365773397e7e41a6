/**
 * The Storage interface between the registry and the objects of one resource type (kube's
 * storage.Interface): keys, opaque JSON documents and integer resourceVersions; it knows nothing
 * of kinds, wire formats or API errors. Implementations are a stack of decorators: a shard's RPC
 * (rpc.ts), the isolate's cache of it (cacher/), and a type spread over several shards
 * (sharding/). The values are the storage shard's own (durable/protocol.ts), less what only a
 * storage of several shards tells a shard.
 */
import type { FieldSelector } from '../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../apimachinery/selectors/labels.js';
import type { PageKeys } from '../durable/list.js';
import type * as Shard from '../durable/protocol.js';
import type { ReadVersion, StorageFailure, StoredObject } from '../durable/protocol.js';

export type { OutboxMessage, ReadVersion, StoredObject } from '../durable/protocol.js';

/** A write as the registry makes it (its causal floor is a storage of several shards' business). */
export type ObjectWrite = Omit<Shard.ObjectWrite, 'after'>;

/** What a delete carries besides its key and precondition. */
export type DeleteExtras = Omit<Shard.DeleteExtras, 'after'>;

/** A list as the registry asks for it (a clock move and an end key are a storage of several shards' business). */
export type ListRequest = Omit<Shard.ListRequest, 'advanceClockTo' | 'endKey'>;

export interface ListResult {
  /** The resourceVersion of the snapshot the list was read from. */
  resourceVersion: number;
  /** Set when more keys remain: the last key examined, for the continue token. */
  continueAfterKey?: string;
  /** Keys left after this page; only when the list has no selectors. */
  remainingItemCount?: number;
  /**
   * The items, in key order, streamed from storage as they are iterated (once). A consumer that
   * stops early should `return()` the iterator (for-await does) so storage can let go.
   */
  items: AsyncIterable<StoredObject>;
}

/** Which objects a watch sees. */
export interface WatchFilter {
  /** Key prefix of the collection (`ns/` or `` for all). */
  prefix: string;
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
}

/** Where a watch starts. */
export type WatchStart =
  /** Synthetic ADDED events for the current state, then changes after it. */
  | { from: 'state'; notOlderThan?: number }
  /** Every change after this resourceVersion, no synthetic events. */
  | { from: 'resourceVersion'; resourceVersion: number }
  /** Changes after the newest committed state, no synthetic events. */
  | { from: 'now' };

export interface WatchRequest {
  filter: WatchFilter;
  start: WatchStart;
}

export type EventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/**
 * What a watch delivers, in resourceVersion order with no gap and no duplicate (across storage
 * restarts too: resuming is the storage's business).
 */
export interface WatchListener {
  /**
   * A change (or a synthetic ADDED of the initial state), as the filter sees it. A promise says
   * the client is behind: storage waits for it before sending more of a catch-up (initial
   * state, history); live changes do not wait.
   */
  event(type: EventType, object: StoredObject): void | Promise<void>;
  /** Everything up to `resourceVersion` has been delivered; `initialEventsEnd` once after the initial state. */
  progress(resourceVersion: number, initialEventsEnd: boolean): void;
  /** The watch can go on no longer: storage unreachable, or (with a failure) history too short to resume. */
  ended(failure?: StorageFailure): void;
}

/** A running watch. */
export interface Watcher {
  stop(): void;
  /**
   * Tells the listener (its `progress`) the newest resourceVersion the watch has passed without
   * an event: changes its selectors skip are not handed to the watcher's request one by one, so a
   * bookmark asks for this first.
   */
  reportProgress(): void;
}

export interface Storage {
  get(key: string, version: ReadVersion): Promise<StoredObject>;
  list(request: ListRequest): Promise<ListResult>;
  /** Fails with KeyExists when a live object has the key. */
  create(write: ObjectWrite): Promise<StoredObject>;
  /** Compare-and-swap: fails with Conflict unless the current revision is `expectedResourceVersion`. */
  update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject>;
  /** Compare-and-swap delete; returns the last state with the deletion's resourceVersion. */
  delete(key: string, expectedResourceVersion: number, extras?: DeleteExtras): Promise<StoredObject>;
  /**
   * Starts a watch; resolves once storage accepted its start. A start newer than anything
   * committed fails with TooLargeResourceVersion, one older than the history with Expired.
   */
  watch(request: WatchRequest, listener: WatchListener): Promise<Watcher>;
  /** The newest committed resourceVersion (what a list of the whole collection would have now). */
  currentResourceVersion(): Promise<number>;
  /**
   * Moves the clock so that no later write gets a resourceVersion <= `resourceVersion` and reads
   * at it are served (as kube's compactions move etcd's revision when nothing is written); returns the newest committed resourceVersion afterwards.
   */
  advanceClock(resourceVersion: number): Promise<number>;
  /**
   * Closes CustomResourceDefinition `uid`: from now on a create admitted under it
   * (ObjectWrite.definition) fails with Closed, whatever isolate admitted it. Resolves once every
   * shard of the type recorded it (a CRD's cleanup closes before it lists what to delete).
   */
  closeDefinition(uid: string): Promise<void>;
  /**
   * The revision of `key` this isolate saw last, if it still holds it: a guess a write may start
   * from, never an answer (cacher/recent-objects.ts says what confirms it); none from a storage
   * without a cache.
   */
  guess(key: string): StoredObject | undefined;
}

/**
 * One shard of a resource type, as a storage spread over several shards uses it
 * (sharding/sharded-storage.ts): Storage with a clock it can move and the operations only
 * sharding needs. A storage of one shard is one of these too.
 */
export interface ShardStorage extends Storage {
  /** The shard's name, its identity in per-isolate maps. */
  readonly name: string;
  list(request: Shard.ListRequest): Promise<ListResult>;
  create(write: Shard.ObjectWrite): Promise<StoredObject>;
  update(write: Shard.ObjectWrite, expectedResourceVersion: number): Promise<StoredObject>;
  delete(key: string, expectedResourceVersion: number, extras?: Shard.DeleteExtras): Promise<StoredObject>;
  /**
   * Asks the shard to move its clock past `resourceVersion` without waiting, so that its watchers
   * hear a progress mark (a merged watch held back by an idle shard); requests to one shard are
   * coalesced, one on its way at a time.
   */
  requestProgress(resourceVersion: number): void;
  /** The keys of a page, without documents (lists across shards plan their pages with them). */
  listKeys(request: Shard.ListRequest): Promise<PageKeys & { resourceVersion: number }>;
  /** Sets the history floor: reads and watches from before `resourceVersion` answer Expired (resharding). */
  compactTo(resourceVersion: number): Promise<number>;
  /**
   * Empties the shard: every object and its history; later versions stay above its newest (an old
   * layout's shard after resharding). `retire`: its cluster was deleted, it writes nothing again.
   */
  erase(retire?: boolean): Promise<number>;
}
