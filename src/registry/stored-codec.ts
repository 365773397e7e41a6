/**
 * How a type's stored revisions become the objects and JSON a request sees, and back. Built-in
 * types are stored as served. Custom resources are stored in their CRD's storage version and
 * served in the request's version: with conversion strategy None only apiVersion differs, so it
 * is rewritten on the way in and out (the stored JSON of a custom resource begins with its
 * apiVersion, so watch events rewrite it without parsing).
 */
import { apiVersionOf, type ResourceType } from '../api/catalog.js';
import type { StoredObject } from '../storage/types.js';
import type { KubeObject } from './object.js';
import { fromStored, storedToJson } from './stored-object.js';

export interface StoredCodec {
  /** The object a revision holds, as served. */
  decode(stored: StoredObject): KubeObject;
  /** The wire JSON of a revision, as served. */
  json(stored: StoredObject): string;
  /** The object as stored (the storage version's apiVersion). */
  toStorage(object: KubeObject): KubeObject;
}

export const identityCodec: StoredCodec = { decode: fromStored, json: storedToJson, toStorage: (object) => object };

const codecs = new WeakMap<ResourceType, StoredCodec>();

/** The codec of `type`. */
export function codecFor(type: ResourceType): StoredCodec {
  const custom = type.custom;
  if (!custom || custom.storageVersion === type.version) return identityCodec;
  let codec = codecs.get(type);
  if (!codec) codecs.set(type, (codec = versionCodec(apiVersionOf(type.group, custom.storageVersion), apiVersionOf(type.group, type.version))));
  return codec;
}

function versionCodec(stored: string, served: string): StoredCodec {
  const storedPrefix = `{"apiVersion":${JSON.stringify(stored)}`;
  const servedPrefix = `{"apiVersion":${JSON.stringify(served)}`;
  const withVersion = (object: KubeObject, apiVersion: string) => (object.apiVersion === undefined ? object : { ...object, apiVersion });
  return {
    decode: (revision) => withVersion(fromStored(revision), served),
    json: (revision) => {
      const text = storedToJson(revision);
      return text.startsWith(storedPrefix) ? servedPrefix + text.slice(storedPrefix.length) : text;
    },
    toStorage: (object) => withVersion(object, stored),
  };
}
