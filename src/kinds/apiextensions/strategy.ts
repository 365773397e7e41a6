/**
 * The CustomResourceDefinition REST strategy's PrepareForCreate and PrepareForUpdate
 * (apiextensions-apiserver pkg/registry/customresourcedefinition/strategy.go, kube v1.32). The
 * generic strategy already sets generation 1 on create, keeps the old status on update (the kind
 * has a /status subresource) and bumps generation on spec changes; this adds storedVersions.
 * dropDisabledFields is a no-op in v1.32 (CRDValidationRatcheting is on).
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asRecords, asText, asTexts, cloneJson } from '../json-values.js';
import { shapeStatus } from './defaults.js';

/** The name of the first version marked storage, as kube's loops find it. */
function storageVersionName(object: KubeObject): string | undefined {
  const storage = asRecords(asRecord(object.spec)?.versions).find((version) => version.storage === true);
  return storage ? asText(storage.name) : undefined;
}

/** `crd.Status = CustomResourceDefinitionStatus{}` plus the storage version, written last (golden 079). */
export function prepareCustomResourceDefinitionForCreate(object: KubeObject): void {
  const storage = storageVersionName(object);
  delete object.status;
  const status: Record<string, unknown> = { storedVersions: storage === undefined ? null : [storage] };
  shapeStatus(status);
  object.status = status;
}

/**
 * storedVersions gains the new storage version when it is not there yet. The status is the old
 * object's (already carried over): it is copied before it changes, so the old object stays as it was.
 */
export function prepareCustomResourceDefinitionForUpdate(object: KubeObject): void {
  const storage = storageVersionName(object);
  if (storage === undefined) return;
  const status = asRecord(object.status) ?? {};
  const stored = asTexts(status.storedVersions);
  if (stored.includes(storage)) return;
  const copy = cloneJson(status);
  copy.storedVersions = [...stored, storage];
  shapeStatus(copy);
  object.status = copy;
}
