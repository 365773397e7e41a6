/**
 * The generic Store (k8s.io/apiserver/pkg/registry/generic/registry/store.go): create, read,
 * update, delete and list for any resource type, written once. Per-type behaviour comes from the
 * Strategy; persistence from the Storage of the type's Durable Object. Every write is one
 * compare-and-swap in storage, retried on conflict when the caller did not pin a resourceVersion.
 */
import type { ResourceType } from '../api/catalog.js';
import { GoLiteral, fieldError } from '../apimachinery/field-errors.js';
import * as status from '../apimachinery/status.js';
import { encodeContinue } from '../apimachinery/continue-token.js';
import { StorageError, isStorageError } from '../storage/errors.js';
import type { FieldSelector } from '../apimachinery/selectors/fields.js';
import type { LabelSelector } from '../apimachinery/selectors/labels.js';
import type { ObjectWrite, OutboxMessage, ReadVersion, Storage, StoredObject, WatchListener, WatchStart, Watcher } from '../storage/types.js';
import { beforeCreate, beforeUpdate, fillSystemFields, type WriteContext } from './prepare-write.js';
import { collectionPrefix, scopedObjectKey } from './keys.js';
import { type ListQuery, toListRequest } from './list-query.js';
import type { KubeObject, ObjectList } from '../apimachinery/object.js';
import { toWrite } from './stored-object.js';
import { checkStoredSize } from './stored-size.js';
import { codecFor, internalGroupOf, type StoredCodec } from './stored-codec.js';
import { type ServedItem, servedItem } from './served-item.js';
import type { DeleteOptions } from './deletion.js';
import { deleteObject, type DeleteResult } from './store-delete.js';
import { continueTooOldText, interpretStorageError } from './storage-errors.js';
import { continueAtPresent, continueTooOld, withFreshSnapshot } from './continue-age.js';
import type { Strategy } from './strategy.js';

/** A list as it streams from storage: metadata first, items as they are iterated (once). */
export type ListedObjects = ObjectList<AsyncIterable<ServedItem>>;

/** Computes the desired object from the current one (null when absent), as rest.UpdatedObjectInfo. */
export type UpdatedObject = (current: KubeObject | null) => KubeObject | Promise<KubeObject>;

/** How many times an update re-reads and retries after losing a compare-and-swap race. */
const maxUpdateAttempts = 16;
/** generateName collisions are retried, as kube's RetryGenerateName does. */
const maxGenerateNameAttempts = 8;

export class Store {
  /** Stored revisions to served objects and back (custom resources change apiVersion). */
  private readonly codec: StoredCodec;

  constructor(
    readonly type: ResourceType,
    readonly strategy: Strategy,
    private readonly storage: Storage,
    /** What a write from `previous` to `next` (null: absent) tells besides storing (registry.ts's hooks). */
    private readonly writeMessages: (previous: KubeObject | null, next: KubeObject | null) => OutboxMessage[] = () => [],
    /** How long continue tokens live (the cluster's history window, continue-age.ts). */
    private readonly historyWindowSeconds = 300,
  ) {
    this.codec = codecFor(type);
  }

  get groupResource(): status.GroupResource {
    return { group: this.type.group, resource: this.type.resource };
  }

  /** The kind in kube's internal API, as Invalid and precondition errors name it. */
  get groupKind(): status.GroupKind {
    return { group: internalGroupOf(this.type), kind: this.type.kind };
  }

  async get(namespace: string, name: string, version: ReadVersion): Promise<KubeObject> {
    const key = this.key(namespace, name);
    try {
      return this.codec.decode(await this.storage.get(key, version));
    } catch (error) {
      throw interpretStorageError(error, this.groupResource, name);
    }
  }

  /** The latest state of an object, or null when it does not exist. */
  async getIfExists(namespace: string, name: string): Promise<KubeObject | null> {
    try {
      return await this.get(namespace, name, { match: 'latest' });
    } catch (error) {
      if (error instanceof status.StatusError && error.code === 404) return null;
      throw error;
    }
  }

  /** A list, streamed: memory stays bounded by an item however large the collection. */
  async list(namespace: string, query: ListQuery): Promise<ListedObjects> {
    const prefix = collectionPrefix(namespace);
    const request = withFreshSnapshot(toListRequest(query, prefix), query, this.historyWindowSeconds);
    if (query.continue && continueTooOld(request, this.historyWindowSeconds)) throw continueExpired(request.afterKey ?? request.startKey ?? prefix, prefix);
    try {
      if (query.continue) await continueAtPresent(this.storage, request);
      const result = await this.storage.list(request);
      const list: ListedObjects = { resourceVersion: String(result.resourceVersion), items: servedItems(result.items, this.codec) };
      if (result.continueAfterKey !== undefined) list.continue = encodeContinue(result.continueAfterKey, prefix, result.resourceVersion);
      if (result.remainingItemCount !== undefined) list.remainingItemCount = result.remainingItemCount;
      return list;
    } catch (error) {
      if (isStorageError(error, 'Expired') && query.continue) throw continueExpired(request.afterKey ?? request.startKey ?? prefix, prefix);
      throw interpretStorageError(error, this.groupResource, '');
    }
  }

  /** The resourceVersion a list of the whole collection would have now (without listing it). */
  async collectionVersion(): Promise<string> {
    return String(await this.storage.currentResourceVersion());
  }

  /** A list with its items decoded in memory: for collections small by nature, or pages of a bounded size. */
  async listObjects(namespace: string, query: ListQuery): Promise<ObjectList> {
    const { items, ...meta } = await this.list(namespace, query);
    const objects: KubeObject[] = [];
    for await (const item of items) objects.push(item.object());
    return { ...meta, items: objects };
  }

  /** Watches the collection in `namespace` ("" for all) from `start`, filtered by the selectors. */
  watch(namespace: string, selectors: { labelSelector?: LabelSelector; fieldSelector?: FieldSelector }, start: WatchStart, listener: WatchListener): Promise<Watcher> {
    return this.storage.watch({ filter: { prefix: collectionPrefix(namespace), ...selectors }, start }, listener);
  }

  async create(namespace: string, object: KubeObject, context: WriteContext): Promise<KubeObject> {
    const generated = !object.metadata.name && !!object.metadata.generateName;
    for (let attempt = 1; ; attempt++) {
      const candidate = structuredClone(object);
      fillSystemFields(candidate, context);
      beforeCreate(this, candidate, namespace, context.requester);
      // kube refuses this in storage, after validation, with a bare 500; a client mistake is a 400 here.
      if (candidate.metadata.resourceVersion) throw status.badRequest('resourceVersion should not be set on objects to be created');
      await context.validate?.(candidate, null);
      try {
        return await this.persistCreate(namespace, candidate, context);
      } catch (error) {
        if (!(generated && isStorageError(error, 'KeyExists') && attempt < maxGenerateNameAttempts)) {
          throw interpretStorageError(error, this.groupResource, candidate.metadata.name ?? '');
        }
      }
    }
  }

  /** Update (PUT or PATCH): returns the stored object and whether the update created it. */
  async update(namespace: string, name: string, updated: UpdatedObject, context: WriteContext): Promise<{ object: KubeObject; created: boolean }> {
    const key = this.key(namespace, name);
    let guess = this.guess(key, context);
    let current = guess ?? await this.currentOrNull(key);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.tryUpdate(namespace, name, current, updated, context, !!guess);
      } catch (error) {
        const fromGuess = guess;
        guess = undefined;
        if (fromGuess && !(error instanceof StorageError)) {
          const stale = await this.staleness(key, fromGuess);
          if (!stale) {
            if (error instanceof UnconfirmedNoop) return error.result;
            throw interpretStorageError(error, this.groupResource, name);
          }
          current = stale.current;
          continue;
        }
        if (!(error instanceof StorageError) || attempt >= maxUpdateAttempts) throw interpretStorageError(error, this.groupResource, name);
        if (error.code === 'Conflict') current = error.failure.current ?? null;
        else if (error.code === 'KeyNotFound' || error.code === 'KeyExists') current = await this.currentOrNull(key);
        else throw interpretStorageError(error, this.groupResource, name);
      }
    }
  }

  /**
   * storage.GuaranteedUpdate without the strategy, for registry code that sets what clients may
   * not (a namespace's termination): `mutate` gets the current object, retried on lost races.
   */
  async updateStored(namespace: string, name: string, mutate: (current: KubeObject) => KubeObject, context: WriteContext): Promise<KubeObject> {
    const key = this.key(namespace, name);
    const guess = this.guess(key, context);
    let stored = guess;
    for (let attempt = 1; ; attempt++) {
      try {
        stored ??= await this.storage.get(key, { match: 'latest' });
        const current = this.codec.decode(stored);
        const next = mutate(structuredClone(current));
        if (context.dryRun) return next;
        return this.codec.decode(await this.storage.update(this.toWrite(key, next, current), stored.resourceVersion));
      } catch (error) {
        const fromGuess = guess !== undefined && stored === guess;
        stored = undefined;
        if (fromGuess && !(error instanceof StorageError)) {
          const stale = await this.staleness(key, guess);
          if (stale) {
            stored = stale.current ?? undefined;
            continue;
          }
        }
        if (isStorageError(error, 'Conflict') && attempt < maxUpdateAttempts) continue;
        throw interpretStorageError(error, this.groupResource, name);
      }
    }
  }

  /** DELETE with kube's semantics: graceful deletion, finalizers, propagation policy (store-delete.ts). */
  async delete(namespace: string, name: string, options: DeleteOptions, context: WriteContext): Promise<DeleteResult> {
    const key = this.key(namespace, name);
    const target = {
      storage: this.storage, resource: this.groupResource, kind: this.groupKind, rules: this.strategy.deletion, codec: this.codec,
      toWrite: (key: string, object: KubeObject, previous: KubeObject) => this.toWrite(key, object, previous),
      deletionMessages: (previous: KubeObject) => this.messages(previous, null),
    };
    return deleteObject(target, key, name, options, context);
  }

  /**
   * Closes this custom resource type's CustomResourceDefinition in storage (Storage.closeDefinition):
   * every create admitted under it fails from now on, in any isolate. The start of a CRD's cleanup.
   */
  async closeDefinition(): Promise<void> {
    const uid = this.type.custom?.crdUid;
    if (!uid) throw new Error(`${this.type.group}/${this.type.resource} has no CustomResourceDefinition to close`);
    await this.storage.closeDefinition(uid);
  }

  /** The storage key of an object of this type: kube's key functions, which refuse a namespaced object without a namespace. */
  private key(namespace: string, name: string): string {
    return scopedObjectKey(this.type.namespaced, namespace, name);
  }

  /**
   * The storage write of `object` replacing `previous` (null: none): canonical JSON, selectable
   * fields and the messages it sends the controllers; kube's too-large answer past the object or
   * row limit. Selectable fields are read from the served form, with the served kind's names
   * (events.k8s.io's `regarding` gives core's `involvedObject.*` fields).
   */
  private toWrite(key: string, object: KubeObject, previous: KubeObject | null): ObjectWrite {
    const stored = this.codec.toStorage(object);
    const write = toWrite(key, stored, this.strategy.selectableFields(object), this.messages(previous, stored), !!this.type.custom);
    checkStoredSize(write);
    return write;
  }

  /** What a write from `previous` to `next` (null: absent) tells the controllers. */
  private messages(previous: KubeObject | null, next: KubeObject | null): OutboxMessage[] {
    return this.writeMessages(previous, next);
  }

  private async persistCreate(namespace: string, object: KubeObject, context: WriteContext): Promise<KubeObject> {
    const key = this.key(namespace, object.metadata.name!);
    const write = this.toWrite(key, object, null);
    // A custom resource is created under its CRD: storage refuses it once the CRD's cleanup closed it.
    if (this.type.custom?.crdUid) write.definition = this.type.custom.crdUid;
    if (context.dryRun) {
      await this.ensureAbsent(key);
      return object;
    }
    return this.codec.decode(await this.storage.create(write));
  }

  /**
   * This isolate's guess of `key`'s current revision for a write to start from (recent-objects.ts),
   * none for a dry run (no storage write would confirm it). What a write decides from a guess
   * short of storage (an error, nothing to write) stands only if a read shows the guess current.
   */
  private guess(key: string, context: WriteContext): StoredObject | undefined {
    return context.dryRun ? undefined : this.storage.guess(key);
  }

  /**
   * After a write from this isolate's guess failed short of storage (an error, or nothing to
   * write): null when the guess was current (what it decided stands), else storage's current
   * revision (null: gone) to decide again from.
   */
  private async staleness(key: string, guess: StoredObject): Promise<{ current: StoredObject | null } | null> {
    const current = await this.currentOrNull(key);
    return current?.resourceVersion === guess.resourceVersion ? null : { current };
  }

  /** The update of `stored` (null: absent); throws UnconfirmedNoop when it would write nothing and `stored` is a guess. */
  private async tryUpdate(namespace: string, name: string, stored: StoredObject | null, updated: UpdatedObject, context: WriteContext, guessed: boolean) {
    const current = stored ? this.codec.decode(stored) : null;
    if (!current && !this.strategy.allowCreateOnUpdate && !(context.allowCreate && this.strategy.applyCreates)) throw status.notFound(this.groupResource, name);
    let object = await updated(current);
    if (!current || !stored) {
      await context.admitCreate?.(object);
      delete object.metadata.resourceVersion;
      fillSystemFields(object, context);
      beforeCreate(this, object, namespace, context.requester);
      await context.validate?.(object, null);
      return { object: await this.persistCreate(namespace, object, context), created: true };
    }
    this.checkResourceVersion(object, current, name);
    beforeUpdate(this, object, current, namespace);
    if (context.beforeStore) object = context.beforeStore(object, current);
    await context.validate?.(object, current);
    if (this.strategy.shouldDeleteDuringUpdate(object, current)) {
      // The update removed the last finalizer of an object being deleted: it goes (kube answers
      // with the updated object, as if stored).
      if (!context.dryRun) await this.storage.delete(stored.key, stored.resourceVersion, { messages: this.messages(current, null) });
      return { object, created: false };
    }
    const write = this.toWrite(stored.key, object, current);
    if (write.value === stored.value || write.value === this.codec.canonicalValue?.(stored)) {
      if (guessed) throw new UnconfirmedNoop({ object: current, created: false });
      return { object: current, created: false };
    }
    if (context.dryRun) return { object, created: false };
    return { object: this.codec.decode(await this.storage.update(write, stored.resourceVersion)), created: false };
  }

  /** A PUT without resourceVersion is unconditional where the strategy allows; otherwise it must match. */
  private checkResourceVersion(object: KubeObject, current: KubeObject, name: string): void {
    const requested = object.metadata.resourceVersion ?? '';
    if (requested === '' && this.strategy.allowUnconditionalUpdate) {
      object.metadata.resourceVersion = current.metadata.resourceVersion;
      return;
    }
    if (requested === '') {
      const kind = { group: this.type.group, kind: this.type.resource };
      throw status.invalid(kind, name, [fieldError.invalid('metadata.resourceVersion', new GoLiteral('0x0'), 'must be specified for an update')]);
    }
    if (requested !== current.metadata.resourceVersion) {
      throw status.conflict(this.groupResource, name, status.modifiedConflictText);
    }
  }

  private async currentOrNull(key: string): Promise<StoredObject | null> {
    try {
      return await this.storage.get(key, { match: 'latest' });
    } catch (error) {
      if (isStorageError(error, 'KeyNotFound')) return null;
      throw error;
    }
  }

  /** Dry-run create still answers AlreadyExists for a taken name. */
  private async ensureAbsent(key: string): Promise<void> {
    if (await this.currentOrNull(key)) throw new StorageError({ code: 'KeyExists', key });
  }
}

/** An update from a guess would write nothing: the answer if a read shows the guess was current. */
class UnconfirmedNoop extends Error {
  constructor(readonly result: { object: KubeObject; created: boolean }) {
    super('an update from an unconfirmed guess writes nothing');
  }
}

/** 410 for an expired continue token, carrying a token that resumes at the newest state. */
function continueExpired(lastKey: string, prefix: string): status.StatusError {
  const error = status.expired(continueTooOldText);
  if (lastKey.startsWith(prefix) && lastKey.length > prefix.length) {
    error.status.metadata = { continue: encodeContinue(lastKey, prefix, -1) };
  }
  return error;
}

async function* servedItems(items: AsyncIterable<StoredObject>, codec: StoredCodec): AsyncGenerator<ServedItem> {
  for await (const item of items) yield servedItem(item, codec);
}
