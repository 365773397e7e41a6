/**
 * The Storage of one served version of a CRD converted by webhook: a decorator over the type's
 * storage that hands the registry every revision in the served version and stores every write
 * in the storage version, calling the webhook for each object in another version (kube's CRD
 * storage codec with its webhook converter: one object per review, for get, list items, watch
 * events, the answers of writes and deletes, and the write itself). A conversion that fails
 * answers kube's 500 with the converter's text and no reason (ErrorToAPIStatus); a watch whose
 * event cannot be converted ends, and the client's next list answers that 500.
 *
 * Converted revisions are remembered per (key, resourceVersion) in the isolate, as kube's watch
 * cache keeps each version's objects converted once; a CRD change brings a new ResourceType and
 * so a fresh cache. A webhook may change labels: writes index the labels of the stored form.
 */
import type { ResourceType } from '../../api/catalog.js';
import { apiVersionOf } from '../../api/catalog.js';
import { unknownError } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { coerceStoredObject } from '../../registry/custom-resource-codec.js';
import { storedJson } from '../../registry/stored-object.js';
import { ConversionError } from '../../kinds/apiextensions/conversion-review.js';
import type {
  DeleteExtras, ListRequest, ListResult, ObjectWrite, ReadVersion, Storage, StoredObject, WatchListener, WatchRequest, Watcher,
} from '../../storage/types.js';
import type { ObjectConverter } from './webhook-converter.js';

/** Converted revisions kept per served type (FIFO beyond the bound). */
const cacheLimit = 4096;
const caches = new WeakMap<ResourceType, Map<string, Map<string, string>>>();

function cacheOf(type: ResourceType, cluster: string): Map<string, string> {
  let byCluster = caches.get(type);
  if (!byCluster) caches.set(type, (byCluster = new Map()));
  let cache = byCluster.get(cluster);
  if (!cache) byCluster.set(cluster, (cache = new Map()));
  return cache;
}

/** List items converted at once (each its own review, as kube), in order. */
const listConcurrency = 8;

export class ConvertingStorage implements Storage {
  private readonly served: string;
  private readonly stored: string;
  private readonly cache: Map<string, string>;

  constructor(private readonly inner: Storage, private readonly type: ResourceType, cluster: string, private readonly convert: ObjectConverter) {
    this.served = apiVersionOf(type.group, type.version);
    this.stored = apiVersionOf(type.group, type.custom!.storageVersion);
    this.cache = cacheOf(type, cluster);
  }

  /** `revision` in the served version. */
  private async toServed(revision: StoredObject): Promise<StoredObject> {
    const object = JSON.parse(revision.value) as KubeObject;
    if (object.apiVersion === this.served || object.apiVersion === undefined) return revision;
    const id = `${revision.key}@${revision.resourceVersion}`;
    let value = this.cache.get(id);
    if (value === undefined) {
      value = storedJson(await this.converted(object, this.served), true);
      this.cache.set(id, value);
      if (this.cache.size > cacheLimit) this.cache.delete(this.cache.keys().next().value!);
    }
    return { ...revision, value };
  }

  /** `object` converted (as kube decodes it: pruned and defaulted in its own version first, without a resourceVersion). */
  private async converted(object: KubeObject, desired: string): Promise<KubeObject> {
    coerceStoredObject(object, this.type.custom!.schemas);
    const { resourceVersion: _, ...metadata } = object.metadata;
    try {
      return (await this.convert({ ...object, metadata }, desired)) as KubeObject;
    } catch (error) {
      throw error instanceof ConversionError ? unknownError(error.message) : error;
    }
  }

  /** A write in the storage version. */
  private async toStorage<W extends ObjectWrite>(write: W): Promise<W> {
    const object = JSON.parse(write.value) as KubeObject;
    if (object.apiVersion === this.stored || object.apiVersion === undefined) return write;
    const converted = await this.converted(object, this.stored);
    return { ...write, value: storedJson(converted, true), labels: converted.metadata.labels ?? {} };
  }

  async get(key: string, version: ReadVersion): Promise<StoredObject> {
    return this.toServed(await this.inner.get(key, version));
  }

  /** A list converted whole before it is answered: a failure is the list's 500, never a broken stream. */
  async list(request: ListRequest): Promise<ListResult> {
    const result = await this.inner.list(request);
    const items: StoredObject[] = [];
    for await (const item of result.items) items.push(item);
    const served: StoredObject[] = [];
    for (let at = 0; at < items.length; at += listConcurrency) {
      served.push(...await Promise.all(items.slice(at, at + listConcurrency).map((revision) => this.toServed(revision))));
    }
    return { ...result, items: (async function* () { yield* served; })() };
  }

  async create(write: ObjectWrite): Promise<StoredObject> {
    return this.toServed(await this.inner.create(await this.toStorage(write)));
  }

  async update(write: ObjectWrite, expectedResourceVersion: number): Promise<StoredObject> {
    return this.toServed(await this.inner.update(await this.toStorage(write), expectedResourceVersion));
  }

  async delete(key: string, expectedResourceVersion: number, extras?: DeleteExtras): Promise<StoredObject> {
    return this.toServed(await this.inner.delete(key, expectedResourceVersion, extras));
  }

  watch(request: WatchRequest, listener: WatchListener): Promise<Watcher> {
    return this.inner.watch(request, new ConvertingListener(listener, (revision) => this.toServed(revision)));
  }

  currentResourceVersion(): Promise<number> {
    return this.inner.currentResourceVersion();
  }

  closeDefinition(uid: string): Promise<void> {
    return this.inner.closeDefinition(uid);
  }

  advanceClock(resourceVersion: number): Promise<number> {
    return this.inner.advanceClock(resourceVersion);
  }

  /** No guesses: a cached revision is in the storage version. */
  guess(): StoredObject | undefined {
    return undefined;
  }
}

/**
 * A watch listener that converts each event's object before passing it on, keeping the order
 * of events and progress marks (each waits for the conversions before it). A failed conversion
 * ends the watch.
 */
class ConvertingListener implements WatchListener {
  private queue: Promise<void> = Promise.resolve();
  private done = false;

  constructor(private readonly listener: WatchListener, private readonly toServed: (revision: StoredObject) => Promise<StoredObject>) {}

  private then(step: () => void | Promise<void>): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.done) return;
      try {
        await step();
      } catch {
        this.done = true;
        this.listener.ended();
      }
    });
    return this.queue;
  }

  event(type: Parameters<WatchListener['event']>[0], object: StoredObject): Promise<void> {
    const converted = this.toServed(object);
    converted.catch(() => undefined);
    return this.then(async () => this.listener.event(type, await converted));
  }

  progress(resourceVersion: number, initialEventsEnd: boolean): void {
    void this.then(() => this.listener.progress(resourceVersion, initialEventsEnd));
  }

  ended(failure?: Parameters<WatchListener['ended']>[0]): void {
    void this.then(() => {
      this.done = true;
      this.listener.ended(failure);
    });
  }
}
