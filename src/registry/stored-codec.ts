/**
 * How a type's stored revisions become the objects and JSON a request sees, and back. Built-in
 * types are stored as served, except those kube keeps in another form: events.k8s.io/v1 Events
 * are core/v1 Events (storageResourceOf puts them in the same storage) and
 * autoscaling/v1 HorizontalPodAutoscalers are stored as autoscaling/v2; both are converted on the
 * way in and out. Custom resources are stored in their CRD's storage version and served in the
 * request's version, pruned and defaulted on the way out as kube decodes them from etcd
 * (custom-resource-codec.ts).
 */
import type { ResourceType } from '../api/catalog.js';
import type { StoredObject } from '../storage/types.js';
import type { KubeObject } from '../apimachinery/object.js';
import { fromStored, storedToJson } from './stored-object.js';
import type { StoredCodec } from './stored-codec-type.js';
import { customResourceCodec } from './custom-resource-codec.js';
import { coreToEvents, eventsToCore } from '../kinds/core/event-conversion.js';
import { autoscalerToV1, autoscalerToV2 } from '../kinds/workloads/autoscaler-conversion.js';

export type { StoredCodec } from './stored-codec-type.js';

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
  if (!custom) return identityCodec;
  let codec = codecs.get(type);
  if (!codec) {
    codec = customResourceCodec({ group: type.group, servedVersion: type.version, storageVersion: custom.storageVersion, schemas: custom.schemas, webhook: custom.conversion === 'Webhook' });
    codecs.set(type, codec);
  }
  return codec;
}

function conversionCodec(served: (stored: KubeObject) => KubeObject, stored: (served: KubeObject) => KubeObject): StoredCodec {
  const decode = (revision: StoredObject) => served(fromStored(revision));
  return { decode, json: (revision) => JSON.stringify(decode(revision)), toStorage: stored };
}
