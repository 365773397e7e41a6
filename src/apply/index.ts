/**
 * managedFields and server-side apply, kube-apiserver v1.32 semantics (structured-merge-diff v4
 * and k8s.io/apimachinery/pkg/util/managedfields). Pure functions, no I/O.
 *
 * Create, update, non-apply patch (after decoding and defaulting, before PrepareForCreate/Update
 * and admission; kube runs its field manager there):
 *   metadata.managedFields = updateManagedFields({ live, updated, manager, apiVersion, now, schema,
 *     subresource, resetFields })            // [] -> delete metadata.managedFields
 * Apply patch (after checking fieldManager is set and force is only used with apply):
 *   const { object } = applyConfiguration({ live, config, manager, force, apiVersion, kind, now, schema,
 *     subresource, resetFields })            // throws StatusError 409 (conflicts), 400, 500
 *   then default `object` and continue as a create (live null) or an update.
 * Updates (all kinds, after admission): ignoreManagedFieldsTimestamps(live, updated).
 * Schemas: builtinManagedFieldsSchema(group, version, kind) or
 * customResourceManagedFieldsSchema(version.schema.openAPIV3Schema).
 */
export { updateManagedFields, maxUpdateManagers, type UpdateManagedFieldsInput } from './field-manager.js';
export { applyConfiguration, type ApplyConfigurationInput, type ApplyConfigurationResult } from './apply.js';
export { ignoreManagedFieldsTimestamps } from './timestamps.js';
export { builtinManagedFieldsSchema, customResourceManagedFieldsSchema } from './schemas.js';
export type { ManagedFieldsSchema } from './schema-types.js';
export { type ManagedFieldsEntry, isResetManagedFields, decodeManagedFields, encodeManagedFields, ManagedFieldsDecodeError } from './managed-fields.js';
export { FieldSet } from './field-set.js';
export { encodeFieldsV1, decodeFieldsV1, FieldsV1DecodeError, type FieldsV1 } from './fields-v1.js';
export { toFieldSet } from './to-field-set.js';
export { compareObjects, type Comparison } from './compare.js';
export { scaleManagedFields, parentManagedFields, type ReplicasMapping } from './scale.js';
export { type PathElement, type FieldPath, fieldElement, fieldPathText, serializePathElement, deserializePathElement } from './path-element.js';
export { conflictMessage, applyConflictError } from './conflict.js';
export { lastAppliedConfigAnnotation } from './last-applied.js';
export { goZeroObject, goShaped } from './go-shape.js';
