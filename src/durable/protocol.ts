/**
 * What a storage shard speaks over Durable Object RPC: keys, opaque JSON documents and integer
 * resourceVersions, as plain data (errors do not cross RPC with their data, so a failure is a
 * reply too). The Storage interface (storage/types.ts) is built on these; the fields only a type
 * spread over several shards uses (a write's causal floor, a list's clock move and end key) are
 * the shard's, not the registry's.
 */
import type { FieldSelector } from '../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../apimachinery/selectors/labels.js';
import type { PartitionAddress } from './addresses.js';

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
  /**
   * A custom resource's create: the uid of the CustomResourceDefinition it was admitted under. The
   * shard refuses it (Closed) once that definition is closed (closeDefinition): its cleanup began.
   */
  definition?: string;
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
  /**
   * For a read of the newest state: a page that leaves more to continue, of a snapshot older than
   * this many microseconds, is read at the present instead (the clock moves to now; a type over
   * several shards moves on staleness alone). A paged list asks for it so that its continue
   * token, which expires with its resourceVersion's age (registry/continue-age.ts), lives about
   * as long as kube's whatever the collection's last write: kube's list reads etcd's current
   * revision, not its collection's newest change.
   */
  freshWithin?: number;
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
}

export type StorageErrorCode =
  | 'KeyNotFound'
  | 'KeyExists'
  | 'Conflict'
  /** The requested resourceVersion is older than the history window (compacted). */
  | 'Expired'
  /** The requested resourceVersion is newer than anything committed. */
  | 'TooLargeResourceVersion'
  /** A create admitted under a CustomResourceDefinition whose cleanup began (ObjectWrite.definition). */
  | 'Closed';

/** A storage failure as it crosses the Durable Object RPC boundary: plain data. */
export interface StorageFailure {
  code: StorageErrorCode;
  key: string;
  /** For Conflict: the current revision, so the caller can retry without another read. */
  current?: StoredObject;
  /** For TooLargeResourceVersion and Expired: the newest committed resourceVersion. */
  currentResourceVersion?: number;
  requestedResourceVersion?: number;
  /** For a watch's Expired: the oldest resourceVersion the history still reaches. */
  oldestResourceVersion?: number;
}

/** What a Durable Object method returns: a value, or a failure (errors do not cross RPC intact). */
export type StorageReply<T> = { ok: true; value: T } | { ok: false; failure: StorageFailure };
