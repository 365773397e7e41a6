/**
 * How a type's stored revisions become the objects and JSON a request sees, and back. Built-in
 * types are stored as served, except those kube keeps in another form: events.k8s.io/v1 Events
 * are core/v1 Events (cluster/addressing.ts's storageResourceOf puts them in the same shard) and
 * autoscaling/v1 HorizontalPodAutoscalers are stored as autoscaling/v2; both are converted on the
 * way in and out. Custom resources are stored in their CRD's storage version and served in the
 * request's version, pruned and defaulted on the way out as kube decodes them from etcd
 * (custom-resource-codec.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import type { StoredObject } from '../storage/types.js';
import type { KubeObject } from './object.js';
import { fromStored, storedToJson } from './stored-object.js';
import { customResourceCodec } from './custom-resource-codec.js';
import { coreToEvents, eventsToCore } from '../kinds/core/event-conversion.js';
import { autoscalerToV1, autoscalerToV2 } from '../kinds/workloads/autoscaler-conversion.js';

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
  if (!custom) return identityCodec;
  let codec = codecs.get(type);
  if (!codec) {
    codec = customResourceCodec({ group: type.group, servedVersion: type.version, storageVersion: custom.storageVersion, schemas: custom.schemas });
    codecs.set(type, codec);
  }
  return codec;
}

function conversionCodec(served: (stored: KubeObject) => KubeObject, stored: (served: KubeObject) => KubeObject): StoredCodec {
  const decode = (revision: StoredObject) => served(fromStored(revision));
  return { decode, json: (revision) => JSON.stringify(decode(revision)), toStorage: stored };
}
