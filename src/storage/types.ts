/**
 * The storage contract between the registry (in the Worker) and a Durable Object that owns the
 * objects of one resource type. Storage speaks in keys, opaque JSON documents and integer
 * resourceVersions; it knows nothing of kinds, wire formats or API errors.
 */
import type { FieldSelector } from '../core/selectors/fields.js';
import type { LabelSelector } from '../core/selectors/labels.js';
import type { LifecycleFacts } from '../lifecycle/facts.js';

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
  /** What the lifecycle controllers track (owners, finalizers, deletion); absent for raw storage writes. */
  lifecycle?: LifecycleFacts;
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
  /** Page size; 0 or absent lists everything. */
  limit?: number;
  labelSelector?: LabelSelector;
  fieldSelector?: FieldSelector;
}

export interface ListResult {
  /** The resourceVersion of the snapshot the list was read from. */
  resourceVersion: number;
  items: StoredObject[];
  /** Set when more keys remain: the last key examined, for the continue token. */
  continueAfterKey?: string;
  /** Keys left after this page; only when the list has no selectors. */
  remainingItemCount?: number;
}

export interface Storage {
  get(key: string, version: ReadVersion): Promise<StoredObject>;
  list(request: ListRequest): Promise<ListResult>;
  /** Fails with KeyExists when a live object has the key. */
  create(write: ObjectWrite): Promise<StoredObject>;
  /** Compare-and-swap: fails with Conflict unless the current revision is `expectedResourceVersion`. */
  update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject>;
  /** Compare-and-swap delete; returns the last state with the deletion's resourceVersion. */
  delete(key: string, expectedResourceVersion: number): Promise<StoredObject>;
}
