/** What a type's codec does with its stored revisions (stored-codec.ts chooses one per type). */
import type { StoredObject } from '../storage/types.js';
import type { KubeObject } from '../apimachinery/object.js';

export interface StoredCodec {
  /** The object a revision holds, as served. */
  decode(stored: StoredObject): KubeObject;
  /** The wire JSON of a revision, as served. */
  json(stored: StoredObject): string;
  /** The object as stored (the storage version's apiVersion). */
  toStorage(object: KubeObject): KubeObject;
  /**
   * The stored JSON a write of the decoded revision would store, where decoding changes more
   * than apiVersion (custom resources' defaults): a write equal to it changes nothing.
   */
  canonicalValue?(stored: StoredObject): string;
}
