/**
 * How a type's stored revisions become the objects and JSON a request sees, and back. Built-in
 * types are stored as served, except those kube keeps in another form: events.k8s.io/v1 Events
 * are core/v1 Events (storageResourceOf puts them in the same storage) and
 * autoscaling/v1 HorizontalPodAutoscalers are stored as autoscaling/v2; both are converted on the
 * way in and out. Custom resources are stored in their CRD's storage version and served in the
 * request's version: with conversion strategy None only apiVersion differs, so it is rewritten on
 * the way in and out (the stored JSON of a custom resource begins with its apiVersion, so watch
 * events rewrite it without parsing). A custom resource whose schema declares defaults is defaulted
 * as it is read, as kube's storage decoder defaults it (apiextensions-apiserver's
 * schemaCoercingConverter with the structural defaulter): a default added to a CRD appears in
 * objects stored before it. Kube applies the storage version's defaults, then the request
 * version's; with conversion None this applies the served version's.
 */
import { apiVersionOf, type ResourceType } from '../api/catalog.js';
import type { StoredObject } from '../storage/types.js';
import type { SchemaNode } from '../schema/types.js';
import type { KubeObject } from '../apimachinery/object.js';
import { fromStored, storedToJson } from './stored-object.js';
import { coreToEvents, eventsToCore } from '../kinds/core/event-conversion.js';
import { applyDefaults, schemaHasDefaults } from '../schema/index.js';
import { autoscalerToV1, autoscalerToV2 } from '../kinds/workloads/autoscaler-conversion.js';

export interface StoredCodec {
  /** The object a revision holds, as served. */
  decode(stored: StoredObject): KubeObject;
  /** The wire JSON of a revision, as served. */
  json(stored: StoredObject): string;
  /** The object as stored (the storage version's apiVersion). */
  toStorage(object: KubeObject): KubeObject;
}

/**
 * The storage resource of a served resource: itself, except where kube keeps two resources in one
 * storage (events.k8s.io/events are core events, /registry/events in etcd). A Store asks the
 * cluster for the storage of this one; converting between the two forms is the codec's.
 */
export function storageResourceOf(group: string, resource: string): { group: string; resource: string } {
  if (group === 'events.k8s.io' && resource === 'events') return { group: '', resource: 'events' };
  return { group, resource };
}

export const identityCodec: StoredCodec = { decode: fromStored, json: storedToJson, toStorage: (object) => object };

const codecs = new WeakMap<ResourceType, StoredCodec>();

interface Conversion {
  served(stored: KubeObject): KubeObject;
  stored(served: KubeObject): KubeObject;
  /** The group of kube's internal kind, which names the kind in Invalid and Conflict errors. */
  internalGroup: string;
  /** Made on first use, one per type so watch sessions share decoded events. */
  codec?: StoredCodec;
}

/** Built-in types stored in another type's form, keyed `group/version/resource`: the conversions both ways. */
const convertedTypes: Record<string, Conversion> = {
  'events.k8s.io/v1/events': { served: coreToEvents, stored: eventsToCore, internalGroup: '' },
  'autoscaling/v1/horizontalpodautoscalers': { served: autoscalerToV1, stored: autoscalerToV2, internalGroup: 'autoscaling' },
};

const conversionOf = (type: ResourceType): Conversion | undefined => convertedTypes[`${type.group}/${type.version}/${type.resource}`];

/** The group of `type`'s kind in kube's internal API (an events.k8s.io Event is a core Event there). */
export function internalGroupOf(type: ResourceType): string {
  return conversionOf(type)?.internalGroup ?? type.group;
}

/** The codec of `type`. */
export function codecFor(type: ResourceType): StoredCodec {
  const conversion = conversionOf(type);
  if (conversion) return (conversion.codec ??= conversionCodec(conversion.served, conversion.stored));
  const custom = type.custom;
  const defaults = custom !== undefined && schemaHasDefaults(custom.schema);
  if (!custom || (custom.storageVersion === type.version && !defaults)) return identityCodec;
  let codec = codecs.get(type);
  if (!codec) {
    codec = custom.storageVersion === type.version ? identityCodec : versionCodec(apiVersionOf(type.group, custom.storageVersion), apiVersionOf(type.group, type.version));
    if (defaults) codec = defaultingCodec(codec, custom.schema);
    codecs.set(type, codec);
  }
  return codec;
}

/** `codec`, with the objects it decodes defaulted by `schema` (a custom resource's: no `$ref`s to resolve). */
function defaultingCodec(codec: StoredCodec, schema: SchemaNode): StoredCodec {
  const decode = (revision: StoredObject) => {
    const object = codec.decode(revision);
    applyDefaults(schema, object, () => undefined);
    return object;
  };
  return { decode, json: (revision) => JSON.stringify(decode(revision)), toStorage: codec.toStorage };
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

function conversionCodec(served: (stored: KubeObject) => KubeObject, stored: (served: KubeObject) => KubeObject): StoredCodec {
  const decode = (revision: StoredObject) => served(fromStored(revision));
  return { decode, json: (revision) => JSON.stringify(decode(revision)), toStorage: stored };
}
