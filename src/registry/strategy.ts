/**
 * Per-type behaviour of the generic Store (k8s.io/apiserver/pkg/registry/rest: RESTCreateStrategy,
 * RESTUpdateStrategy). CRUD, dry-run, patch and lists are written once in store.ts; what differs
 * per resource type lives in a Strategy.
 */
import type { FieldError } from '../apimachinery/field-errors.js';
import type { DeletionRules } from './deletion.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { Requester } from '../kinds/types.js';

export interface Strategy {
  /** Namespaced objects live in a namespace; cluster-scoped ones must not name one. */
  readonly namespaced: boolean;
  /** PUT of a missing object creates it (kube's AllowCreateOnUpdate). */
  readonly allowCreateOnUpdate: boolean;
  /**
   * A server-side apply of a missing object creates it (the handler's forceAllowCreate reaches the
   * store): every main resource; of the subresources only ValidatingAdmissionPolicy's /status,
   * the one StatusREST of kube v1.32 that passes it on (the others pass false: 404).
   */
  readonly applyCreates: boolean;
  /** PUT without metadata.resourceVersion is allowed (kube's AllowUnconditionalUpdate). */
  readonly allowUnconditionalUpdate: boolean;
  /** kube's defaulting for the kind, run on every decoded object (create, update, patch result). */
  applyDefaults(object: KubeObject): void;
  /** Clears or sets fields a client may not choose on create (status, generation, the requester of a CSR, ...). */
  prepareForCreate(object: KubeObject, requester?: Requester): void;
  /** Carries over what an update may not change and bumps generation on spec changes. */
  prepareForUpdate(object: KubeObject, old: KubeObject): void;
  /** Field errors of a new object (ObjectMeta included). */
  validate(object: KubeObject): FieldError[];
  /** Field errors of an update (ObjectMeta immutability included). */
  validateUpdate(object: KubeObject, old: KubeObject): FieldError[];
  /** The fields a fieldSelector can test, computed at write time and stored beside the object. */
  selectableFields(object: KubeObject): Record<string, string>;
  /** How a DELETE treats the type's objects: graceful deletion and the garbage collection default. */
  readonly deletion: DeletionRules;
  /** An update of an object being deleted that leaves nothing to wait for deletes it (ShouldDeleteDuringUpdate). */
  shouldDeleteDuringUpdate(object: KubeObject, old: KubeObject): boolean;
}
