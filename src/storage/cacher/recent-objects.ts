/**
 * The stored objects this isolate last read or wrote, by shard and key: a guess of an object's
 * current revision, so that a write can start without reading the object first (kube's
 * GuaranteedUpdate starts from the watch cache's copy the same way).
 *
 * Contract: a guess is never answered to a client as what storage holds. A write made from one is
 * a compare-and-swap on the guess's resourceVersion (a revision never changes and a shard's
 * versions never repeat, even across a reset of its storage: durable/clock.ts), so storage either
 * confirms the guess by taking the write or refuses it with the current revision (Conflict);
 * whatever a write decides from a guess before storage confirmed it (an error, nothing to write)
 * is checked with a read: it stands if the guess was current (admission is not asked twice), else
 * it is decided again from what storage holds (registry/store.ts, registry/store-delete.ts). A stale guess costs a
 * lost compare-and-swap or a read, never a wrong answer.
 *
 * The assembly keeps one per isolate, shared by every cluster (keys carry the shard's name),
 * bounded by the characters of the documents it holds, the least recently used going first.
 */
import type { StoredObject } from '../types.js';

export class RecentObjects {
  private readonly entries = new Map<string, StoredObject>();
  private characters = 0;

  /** `capacity`: characters of documents held at most; a document over `largest` is not held. */
  constructor(private readonly capacity: number, private readonly largest: number) {}

  /** The object last seen under `key` of `shard`, if still held. */
  guess(shard: string, key: string): StoredObject | undefined {
    const id = entryId(shard, key);
    const object = this.entries.get(id);
    if (object) {
      this.entries.delete(id);
      this.entries.set(id, object);
    }
    return object;
  }

  /** Holds `object` as the newest revision of its key seen, in place of an older one. */
  remember(shard: string, object: StoredObject): void {
    const id = entryId(shard, object.key);
    const held = this.entries.get(id);
    if (held && held.resourceVersion > object.resourceVersion) return;
    this.drop(id);
    if (object.value.length > this.largest) return;
    this.entries.set(id, object);
    this.characters += object.value.length;
    while (this.characters > this.capacity) this.drop(this.entries.keys().next().value!);
  }

  /** Forgets `key` of `shard` (it was deleted). */
  forget(shard: string, key: string): void {
    this.drop(entryId(shard, key));
  }

  /** How many objects are held (tests). */
  get size(): number {
    return this.entries.size;
  }

  private drop(id: string): void {
    const held = this.entries.get(id);
    if (!held) return;
    this.entries.delete(id);
    this.characters -= held.value.length;
  }
}

const entryId = (shard: string, key: string) => `${shard}\u0000${key}`;

