/**
 * managedFields for every write, as kube's FieldManager keeps them: an Update entry for the
 * writer of a create, update or patch (after decoding and defaults, before the strategy's
 * preparation), and the apply of server-side apply. The engines are in src/apply; this file
 * knows the write: manager, subresource, apiVersion, reset fields, clock (a request's are
 * endpoints/handlers/field-management.ts).
 */
import { apiVersionOf, type ResourceType } from '../api/catalog.js';
import { applyConfiguration, builtinManagedFieldsSchema, customResourceManagedFieldsSchema, ignoreManagedFieldsTimestamps, updateManagedFields } from '../apply/index.js';
import { kubeTimestamp, type KubeObject } from '../apimachinery/object.js';
import { dropEmptyMetadata } from './prepare-write.js';

export interface FieldManagement {
  manager: string;
  subresource: string;
  apiVersion: string;
  kind: string;
  now: string;
  schema: ReturnType<typeof builtinManagedFieldsSchema>;
  /** What this write never owns: status through the main resource, spec through /status. */
  resetFields: string[][];
}

/** Reset fields of strategies that differ from the usual (kube's GetResetFields), by subresource. */
const kindResetFields: Record<string, Record<string, string[][]>> = {
  // A CSR's spec is fixed at create: no writer owns it; /status and /approval each own their part of status.
  'certificates.k8s.io/certificatesigningrequests': {
    '': [['spec'], ['status']], status: [['spec'], ['status', 'conditions']], approval: [['spec'], ['status', 'certificate']],
  },
};

/** The field management of a write to `type` by `manager` through `subresource` ('' for the main resource). */
export function fieldManagement(type: ResourceType, manager: string, subresource: string, now: Date): FieldManagement {
  const hasStatus = type.subresources?.some((sub) => sub.name === 'status') ?? false;
  const resetFields = kindResetFields[`${type.group}/${type.resource}`]?.[subresource]
    ?? (subresource === 'status' ? [['spec']] : hasStatus ? [['status']] : []);
  return {
    manager,
    subresource,
    apiVersion: apiVersionOf(type.group, type.version),
    kind: type.kind,
    now: kubeTimestamp(now),
    schema: type.custom ? customResourceManagedFieldsSchema(type.custom.schema) : builtinManagedFieldsSchema(type.group, type.version, type.kind),
    resetFields,
  };
}

/** Records a create, update or patch by the request's manager in `updated.metadata.managedFields`. */
export function trackUpdate(management: FieldManagement, live: KubeObject | null, updated: KubeObject): KubeObject {
  // kube's field manager sees the object decoded into Go, where an emptied label or annotation
  // map is omitted: removing the last label leaves its manager nothing (kube v1.32.13 drops the entry).
  dropEmptyMetadata(updated);
  const entries = updateManagedFields({
    live, updated, manager: management.manager, subresource: management.subresource || undefined,
    apiVersion: management.apiVersion, now: management.now, schema: management.schema, resetFields: management.resetFields,
  });
  setManagedFields(updated, entries);
  return updated;
}

/** Server-side apply of `config` onto `live` (null: the apply creates); 409 on conflicts. */
export function applyOnto(management: FieldManagement, live: KubeObject | null, config: KubeObject, force: boolean): KubeObject {
  const result = applyConfiguration({
    live, config, manager: management.manager, force, apiVersion: management.apiVersion, kind: management.kind,
    now: management.now, schema: management.schema, subresource: management.subresource || undefined, resetFields: management.resetFields,
  });
  setManagedFields(result.object, result.managedFields);
  return result.object;
}

/** Keeps `live`'s managedFields times when the write changes nothing else (a no-op stays a no-op). */
export function keepTimestampsOfNoOp(updated: KubeObject, live: KubeObject): KubeObject {
  return ignoreManagedFieldsTimestamps(live, updated);
}

function setManagedFields(object: KubeObject, entries: unknown[]): void {
  if (entries.length) object.metadata.managedFields = entries;
  else delete object.metadata.managedFields;
}
