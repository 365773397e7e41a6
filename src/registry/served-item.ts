/**
 * One stored revision on its way to a client (a list item, a watch event's object): its wire
 * JSON and its decoded object, each made at most once and only if the output needs it (plain
 * JSON splices the stored document without parsing it).
 */
import type { StoredObject } from '../storage/types.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { StoredCodec } from './stored-codec.js';

export interface ServedItem {
  readonly resourceVersion: number;
  json(): string;
  object(): KubeObject;
}

/** The served form of `stored` through `codec`. */
export function servedItem(stored: StoredObject, codec: StoredCodec): ServedItem {
  let json: string | undefined;
  let object: KubeObject | undefined;
  return {
    resourceVersion: stored.resourceVersion,
    json: () => (json ??= codec.json(stored)),
    object: () => (object ??= codec.decode(stored)),
  };
}

/** An object made by the server (a bookmark), as a ServedItem. */
export function objectItem(object: KubeObject): ServedItem {
  return { resourceVersion: Number(object.metadata.resourceVersion ?? 0), json: () => JSON.stringify(object), object: () => object };
}
