/**
 * The storage contract between the registry (in the Worker) and a Durable Object that owns the
 * objects of one resource type. Storage speaks in keys, opaque JSON documents and integer
 * resourceVersions; it knows nothing of kinds, wire formats or API errors.
 */
import type { FieldSelector } from '../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../apimachinery/selectors/labels.js';
import type { PartitionAddress } from '../cluster/addressing.js';
import type { StorageFailure } from './errors.js';

/** One revision of an object: its key, the resourceVersion that wrote it, its JSON (without resourceVersion). */
export interface StoredObject {
  key: string;
  resourceVersion: number;
  value: string;
}

/** What a write stores beside the document, so selectors run in storage without parsing it. */
export interface ObjectWrite {
  key: string;
  value: string;
  labels: Record<string, string>;
  fields: Record<string, string>;
  /** Messages to deliver once the write commits (the controllers' events); none for most writes. */
  messages?: OutboxMessage[];
  /**
   * A causal floor: the write's resourceVersion must be above it (a storage spanning several
   * shards passes the newest version it has seen, so one client's writes increase across shards).
   */
  after?: number;
}

/** What a delete carries besides its key and precondition (see ObjectWrite). */
export interface DeleteExtras {
  messages?: OutboxMessage[];
  after?: number;
}

/**
 * A message a write sends, addressed by the writer: storage keeps it in the write's transaction
 * and delivers it after the commit, at least once and in commit order per destination.
 */
export interface OutboxMessage {
  to: PartitionAddress;
  /** JSON; storage does not look inside. */
  body: string;
}

/** Which state a read sees: the newest, any state not older than a version, or exactly a version. */
export type ReadVersion =
  | { match: 'latest' }
  | { match: 'notOlderThan'; resourceVersion: number }
  | { match: 'exact'; resourceVersion: number };

export interface ListRequest {
  /** Key prefix of the collection: `ns/` for one namespace, `` for everything. */
  prefix: string;
  version: ReadVersion;
  /** Resume strictly after this key (kube's own continue tokens name `lastKey\0`). */
  afterKey?: string;
  /** Resume at this key, inclusive (continue tokens whose start key is not a `\0` successor). */
  startKey?: string;
  /** Stop at this key, inclusive (a page of a list merged across shards). */
  endKey?: string;
  /** Page size; 0 or absent lists everything. */
  limit?: number;
  /**
   * Move the clock to this version before reading (see advanceClock): several shards serving
   * one snapshot read it at a version some of them have not reached yet.
   */
  advanceClockTo?: number;
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
}

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
  /**
   * Moves the clock so that no later write gets a resourceVersion <= `resourceVersion` and reads
   * at it are served; returns the newest committed resourceVersion afterwards.
   */
  advanceClock(resourceVersion: number): Promise<number>;
  /**
   * The revision of `key` this isolate saw last, if it still holds it: a guess a write may start
   * from, never an answer (recent-objects.ts says what confirms it).
   */
  guess(key: string): StoredObject | undefined;
}
