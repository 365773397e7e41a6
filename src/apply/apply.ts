/**
 * Server-side apply (FieldManager.Apply and its managers, managedfields/internal): the applied
 * configuration merged into the live object (Go's empty object on create, golden 038), what the
 * applier dropped since its last apply pruned, ownership updated, conflicts refused unless forced
 * (golden 039, 040). Around SMD's Apply, in kube's order: the version check; client-side apply
 * upgrade and annotation sync for the manager `kubectl`; "before-first-apply" taking every field
 * of an object that tracked none; the applier's entry keyed (manager, Apply, subresource); its
 * time set when the object changed (a no-op apply leaves times as they were); meta fields stripped.
 * The caller still runs, after this: defaulting of the merged object (kube defaults it here), then
 * the create or update path (PrepareForCreate/Update, admission, validation).
 */
import { StatusError, badRequest } from '../apimachinery/status.js';
import type { KubeObject } from '../apimachinery/object.js';
import { applyConflictError } from './conflict.js';
import { recordManagerUpdate, stripMetaFields, withoutManagedFields, writeContext } from './field-manager.js';
import { goShaped, goZeroObject, preferKeyOrder } from './go-shape.js';
import { allowedConflictsFromLastApplied, clientSideApplyManager, syncLastApplied } from './last-applied.js';
import { TypedValueError } from './list-items.js';
import { copyManaged, decodeManagedFields, encodeManagedFields, managerIdentifier, type Managed, type ManagedFieldsEntry } from './managed-fields.js';
import type { ManagedFieldsSchema } from './schema-types.js';
import { ApplyConflicts, recordApply, type Conflict, type WriteContext } from './updater.js';
import { validateTypedValue } from './validate.js';
import { copyJson } from './values.js';

export interface ApplyConfigurationInput {
  /** The stored object; null when the apply creates it. */
  live: KubeObject | null;
  /** The apply patch body as decoded (YAML or JSON), not defaulted. */
  config: KubeObject;
  /** The fieldManager option (required for apply; the caller answers 422 without it, golden 041). */
  manager: string;
  force: boolean;
  /** The request's group/version; the configuration must name it. */
  apiVersion: string;
  /** The request's kind; when given, the configuration must name it too. */
  kind?: string;
  now: string;
  schema: ManagedFieldsSchema;
  subresource?: string;
  resetFields?: readonly (readonly string[])[];
}

export interface ApplyConfigurationResult {
  /** The merged object with its new managedFields, to default and then create or update. */
  object: KubeObject;
  managedFields: ManagedFieldsEntry[];
  /** False when the apply changed nothing but managedFields (or nothing at all). */
  changed: boolean;
}

/** FieldManager.Apply: merges an applied configuration, or throws kube's 409/400/500 StatusError. */
export function applyConfiguration(input: ApplyConfigurationInput): ApplyConfigurationResult {
  checkConfiguration(input);
  const managed = decodeLiveManagedFields(input.live);
  const live = withoutManagedFields(goShaped(input.live ?? goZeroObject(input.schema), input.schema.root, input.schema));
  const context = writeContext(input);
  let outcome: { merged: unknown; managed: Managed };
  try {
    validateTypedValue(input.config, input.schema, false);
    outcome = applyWithUpgrade(input, live, managed, context);
  } catch (error) {
    if (error instanceof ApplyConflicts) throw applyConflictError(error.conflicts);
    if (error instanceof TypedValueError) throw typedObjectError(input.config, error);
    throw error;
  }
  const managedFields = encodeManagedFields(outcome.managed, !input.schema.goTyped);
  let object = resultObject(input, outcome.merged, live);
  object = { ...object, metadata: { ...object.metadata } };
  if (managedFields.length > 0) object.metadata.managedFields = managedFields;
  else delete object.metadata.managedFields;
  if (input.manager === clientSideApplyManager) object = syncLastApplied(object, input.config);
  return { object, managedFields, changed: outcome.merged !== null };
}

/** versionCheckManager, then structuredMergeManager's managedFields rule. */
function checkConfiguration(input: ApplyConfigurationInput): void {
  const { apiVersion, kind } = input.config;
  if (apiVersion !== input.apiVersion || (input.kind !== undefined && kind !== input.kind)) {
    throw badRequest(`invalid object type: ${groupVersionKindText(apiVersion, kind)}`);
  }
  // A `managedFields: null` decodes as nil and passes; any list, even empty, does not.
  if (Array.isArray(input.config.metadata?.managedFields)) throw badRequest('metadata.managedFields must be nil');
}

/** schema.GroupVersionKind.String: `apps/v1, Kind=Deployment`, `/v1, Kind=ConfigMap`. */
function groupVersionKindText(apiVersion: unknown, kind: unknown): string {
  const text = typeof apiVersion === 'string' ? apiVersion : '';
  const parts = text.split('/');
  const [group, version] = parts.length === 2 ? parts : parts.length === 1 ? ['', text] : ['', ''];
  return `${group}/${version}, Kind=${typeof kind === 'string' ? kind : ''}`;
}

function decodeLiveManagedFields(live: KubeObject | null): Managed {
  try {
    return decodeManagedFields(live?.metadata?.managedFields);
  } catch (error) {
    throw internalStatus(`failed to decode managed fields: ${(error as Error).message}`);
  }
}

/** lastAppliedManager: kubectl's conflicts on fields it set by client-side apply are forced through. */
function applyWithUpgrade(input: ApplyConfigurationInput, live: Record<string, unknown>, managed: Managed, context: WriteContext) {
  try {
    return applyOnce(input, live, managed, context, input.force);
  } catch (error) {
    if (!(error instanceof ApplyConflicts) || input.manager !== clientSideApplyManager) throw error;
    const allowed = allowedConflictsFromLastApplied(live, input.apiVersion, input.schema);
    if (!allowed) throw error;
    const remaining: Conflict[] = error.conflicts.filter((conflict) => !allowed.has(conflict.path));
    if (remaining.length > 0) throw new ApplyConflicts(remaining);
    return applyOnce(input, live, managed, context, true);
  }
}

/** skipNonApplied, then managedFieldsUpdater/stripMeta around SMD's Apply. */
function applyOnce(input: ApplyConfigurationInput, live: Record<string, unknown>, original: Managed, context: WriteContext, force: boolean) {
  let managed = copyManaged(original);
  if (managed.sets.size === 0) {
    const identifier = managerIdentifier({ manager: 'before-first-apply', operation: 'Update', apiVersion: input.apiVersion, subresource: input.subresource });
    managed = recordManagerUpdate(managed, goZeroObject(input.schema), live, identifier, context, input.now);
  }
  const identifier = managerIdentifier({ manager: input.manager, operation: 'Apply', subresource: input.subresource });
  const merged = recordApply(live, input.config, managed.sets, identifier, force, context);
  stripMetaFields(managed, identifier);
  if (merged !== null) managed.times.set(identifier, input.now);
  return { merged, managed };
}

/** The object kube stores: the merged object as Go would encode it, or the live object on a no-op. */
function resultObject(input: ApplyConfigurationInput, merged: unknown, live: Record<string, unknown>): KubeObject {
  if (merged === null) return copyJson(input.live ?? (live as KubeObject));
  const shaped = goShaped(merged, input.schema.root, input.schema);
  return (input.live ? shaped : preferKeyOrder(shaped, input.config)) as KubeObject;
}

/** structuredMergeManager's typing failure, which kube answers as a plain error (500). */
function typedObjectError(config: KubeObject, error: TypedValueError): StatusError {
  const namespace = config.metadata?.namespace ?? '';
  const name = config.metadata?.name ?? '';
  return internalStatus(`failed to create typed patch object (${namespace}/${name}; ${groupVersionKindText(config.apiVersion, config.kind)}): ${error.message}`);
}

/** ErrorToAPIStatus of an error that is not a Status: 500, no reason. */
function internalStatus(message: string): StatusError {
  return new StatusError({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code: 500 });
}

