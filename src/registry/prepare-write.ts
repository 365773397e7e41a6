/**
 * What kube does to every object around a write, whatever its type (k8s.io/apiserver/pkg/registry/rest
 * create.go and update.go): system fields, namespace agreement with the URL, the strategy's
 * preparation and validation, and the immutable metadata an update must keep.
 */
import * as status from '../apimachinery/status.js';
import type { KubeObject } from '../apimachinery/object.js';
import { kubeTimestamp } from '../apimachinery/object.js';
import type { Strategy } from './strategy.js';
import type { Requester } from '../kinds/types.js';

export interface WriteContext {
  dryRun: boolean;
  now: Date;
  /** An update may create a missing object whatever the strategy says (server-side apply). */
  allowCreate?: boolean;
  /** Last change to an updated object after the strategy prepared and validated it (managedFields times). */
  beforeStore?: (object: KubeObject, current: KubeObject) => KubeObject;
  /** Admission of an update that creates (PUT or apply of a missing object). */
  admitCreate?: (object: KubeObject) => Promise<void>;
  /** Validating admission of the final object of a create (`old` null) or update, just before it is stored. */
  validate?: (object: KubeObject, old: KubeObject | null) => Promise<void>;
  /** Validating admission of a delete, with the current object. */
  validateDelete?: (old: KubeObject) => Promise<void>;
  /** The user a create is made for (a CSR records it). */
  requester?: Requester;
}

interface StoreView {
  readonly strategy: Strategy;
  readonly groupKind: status.GroupKind;
}

/** Characters of generated name suffixes: no vowels, no look-alikes (utilrand). */
const generatedNameAlphabet = 'bcdfghjklmnpqrstvwxz2456789';
const maxGeneratedNameBaseLength = 63 - 5;

/** A name from `generateName`: the base (cut to 58 characters) and five random characters. */
export function generateName(base: string): string {
  const random = crypto.getRandomValues(new Uint8Array(5));
  const suffix = Array.from(random, (byte) => generatedNameAlphabet[byte % generatedNameAlphabet.length]).join('');
  return base.slice(0, maxGeneratedNameBaseLength) + suffix;
}

/** uid, creationTimestamp and a generated name (rest.FillObjectMetaSystemFields). */
export function fillSystemFields(object: KubeObject, context: WriteContext): void {
  const meta = object.metadata;
  meta.uid = crypto.randomUUID();
  meta.creationTimestamp = kubeTimestamp(context.now);
  if (!meta.name && meta.generateName) meta.name = generateName(meta.generateName);
  delete meta.selfLink;
}

/** The namespace the object must carry: the request's for namespaced types, none otherwise. */
export function agreeNamespace(object: KubeObject, requestNamespace: string, namespaced: boolean): void {
  const expected = namespaced ? requestNamespace : '';
  const actual = object.metadata.namespace ?? '';
  if (actual === expected) return;
  if (actual === '' || expected === '') {
    if (expected) object.metadata.namespace = expected;
    else delete object.metadata.namespace;
    return;
  }
  throw status.badRequest('the namespace of the provided object does not match the namespace sent on the request');
}

/** ObjectMeta's collections, all `omitempty` in Go: an empty one is never stored. */
const omitEmptyMetadata = ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const;

/**
 * Drops empty labels, annotations, finalizers and ownerReferences, as decoding into ObjectMeta and
 * encoding it again does in kube (custom resources too: their ObjectMeta is coerced through the
 * Go struct). So a merge patch of `{"metadata":{"annotations":{},"labels":{}}}` changes nothing
 * (kube v1.32.13: same resourceVersion, no managedFields entry).
 */
export function dropEmptyMetadata(object: KubeObject): void {
  const meta = object.metadata as Record<string, unknown>;
  for (const field of omitEmptyMetadata) {
    const value = meta[field];
    if (Array.isArray(value) ? value.length === 0 : isEmptyRecord(value)) delete meta[field];
  }
}

function isEmptyRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** rest.BeforeCreate: namespace, no deletion fields, strategy preparation and validation. */
export function beforeCreate(store: StoreView, object: KubeObject, requestNamespace: string, requester?: Requester): void {
  const { strategy } = store;
  agreeNamespace(object, requestNamespace, strategy.namespaced);
  dropEmptyMetadata(object);
  delete object.metadata.deletionTimestamp;
  delete object.metadata.deletionGracePeriodSeconds;
  strategy.prepareForCreate(object, requester);
  const errors = strategy.validate(object);
  if (errors.length) throw status.invalid(store.groupKind, object.metadata.name ?? '', errors);
}

/** rest.BeforeUpdate: keeps uid, creationTimestamp, generation and the deletion fields; validates the change. */
export function beforeUpdate(store: StoreView, object: KubeObject, old: KubeObject, requestNamespace: string): void {
  const { strategy } = store;
  agreeNamespace(object, requestNamespace, strategy.namespaced);
  dropEmptyMetadata(object);
  const meta = object.metadata;
  const oldMeta = old.metadata;
  if (oldMeta.generation !== undefined) meta.generation = oldMeta.generation;
  else delete meta.generation;
  strategy.prepareForUpdate(object, old);
  if (!meta.uid) meta.uid = oldMeta.uid;
  if (oldMeta.creationTimestamp) meta.creationTimestamp = oldMeta.creationTimestamp;
  if (oldMeta.deletionTimestamp) meta.deletionTimestamp = oldMeta.deletionTimestamp;
  if (oldMeta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds === undefined) {
    meta.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
  }
  const errors = strategy.validateUpdate(object, old);
  if (errors.length) throw status.invalid(store.groupKind, meta.name ?? '', errors);
}
