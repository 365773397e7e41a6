/**
 * kube's FieldManager for create, update and non-apply patch (FieldManager.UpdateNoErrors and the
 * managers it wraps, managedfields/internal/*.go), innermost first:
 * - structured merge: SMD's Update on the object before and after, typed as kube types them;
 * - strip meta: apiVersion, kind, metadata itself and metadata.name, namespace, uid,
 *   resourceVersion, generation, creationTimestamp, selfLink, managedFields are never owned;
 * - managed fields updater: the write runs as "current-operation"; if it took any field, the
 *   result joins the manager's previous fields and the entry's time becomes now (else untouched);
 * - build manager info: the entry is (manager or "unknown", Update, apiVersion, subresource);
 * - cap managers: beyond 10 Update entries the oldest merge into "ancient-changes" per version;
 * - skip non-applied: an existing object without managedFields keeps not tracking them;
 * - decode live or new: the request's managedFields when valid and non-empty (`[]` or `[{}]`
 *   clears them), else the live object's; a subresource write always takes the live object's.
 */
import type { KubeObject } from '../apimachinery/object.js';
import { FieldSet } from './field-set.js';
import { goShaped, goZeroObject } from './go-shape.js';
import { TypedValueError } from './list-items.js';
import {
  copyManaged, decodeManagedFields, emptyManaged, encodeManagedFields, isResetManagedFields, managerIdentifier, unixSeconds,
  type Managed, type ManagedFieldsEntry,
} from './managed-fields.js';
import { fieldElement } from './path-element.js';
import type { ManagedFieldsSchema } from './schema-types.js';
import { recordUpdate, type WriteContext } from './updater.js';
import { compareGoStrings } from './go-json.js';

/** DefaultMaxUpdateManagers. */
export const maxUpdateManagers = 10;

export interface UpdateManagedFieldsInput {
  /** The stored object; null on create. */
  live: KubeObject | null;
  /** The object about to be stored, decoded and defaulted, before PrepareForCreate/PrepareForUpdate. */
  updated: KubeObject;
  /** The fieldManager option, else the user agent's first segment; '' becomes "unknown". */
  manager: string;
  operation?: 'Update';
  /** 'status' (or another subresource) for writes through a subresource. */
  subresource?: string;
  /** The request's group/version, `v1` or `apps/v1`. */
  apiVersion: string;
  /** RFC 3339, seconds precision. */
  now: string;
  schema: ManagedFieldsSchema;
  /** Paths this write never owns (the strategy's ResetFields): [['status']] for the main resource. */
  resetFields?: readonly (readonly string[])[];
}

const stripSet = FieldSet.of(
  [fieldElement('apiVersion')], [fieldElement('kind')], [fieldElement('metadata')],
  ...['name', 'namespace', 'creationTimestamp', 'selfLink', 'uid', 'clusterName', 'generation', 'managedFields', 'resourceVersion']
    .map((name) => [fieldElement('metadata'), fieldElement(name)]),
);

/** FieldManager.UpdateNoErrors: the managedFields to store after a create, update or patch (empty: none). */
export function updateManagedFields(input: UpdateManagedFieldsInput): ManagedFieldsEntry[] {
  const managed = managedForUpdate(input);
  if (managed.sets.size === 0 && input.live?.metadata?.uid) return [];
  const before = withoutManagedFields(goShaped(input.live ?? goZeroObject(input.schema), input.schema.root, input.schema));
  const after = withoutManagedFields(goShaped(input.updated, input.schema.root, input.schema));
  try {
    const identifier = managerIdentifier({ manager: input.manager || 'unknown', operation: 'Update', apiVersion: input.apiVersion, subresource: input.subresource });
    const updated = recordManagerUpdate(managed, before, after, identifier, writeContext(input), input.now);
    return encodeManagedFields(capUpdateManagers(updated), !input.schema.goTyped);
  } catch (error) {
    // UpdateNoErrors (1.32): a failure clears managedFields rather than failing the write.
    if (error instanceof TypedValueError) return [];
    throw error;
  }
}

/** The reset fields as a field set, with the request's version. */
export function writeContext(input: { schema: ManagedFieldsSchema; apiVersion: string; resetFields?: readonly (readonly string[])[] }): WriteContext {
  const ignored = FieldSet.of(...(input.resetFields ?? []).map((path) => path.map(fieldElement)));
  return { schema: input.schema, apiVersion: input.apiVersion, ignored };
}

function managedForUpdate(input: UpdateManagedFieldsInput): Managed {
  const fromLive = () => decodeOrEmpty(input.live?.metadata?.managedFields);
  if (input.subresource) return fromLive();
  const requested = input.updated.metadata?.managedFields;
  if (isResetManagedFields(requested)) return emptyManaged();
  const managed = decodeOrEmpty(requested);
  return managed.sets.size > 0 ? managed : fromLive();
}

/** DecodeManagedFields, with an undecodable list read as empty. */
export function decodeOrEmpty(entries: unknown): Managed {
  try {
    return decodeManagedFields(entries);
  } catch {
    return emptyManaged();
  }
}

/** A copy of an object (or Go-shaped value) without metadata.managedFields. */
export function withoutManagedFields(object: unknown): Record<string, unknown> {
  const copy = { ...(object as Record<string, unknown>) };
  const metadata = copy.metadata;
  if (metadata && typeof metadata === 'object' && 'managedFields' in metadata) {
    const { managedFields: _dropped, ...rest } = metadata as Record<string, unknown>;
    copy.metadata = rest;
  }
  return copy;
}

/** managedFieldsUpdater.Update around stripMeta and SMD's Update, as "current-operation". */
export function recordManagerUpdate(managed: Managed, before: unknown, after: unknown, identifier: string, context: WriteContext, now: string): Managed {
  const result = copyManaged(managed);
  const current = 'current-operation';
  recordUpdate(before, after, result.sets, current, context);
  stripMetaFields(result, current);
  const taken = result.sets.get(current);
  if (taken) {
    result.sets.delete(current);
    const previous = result.sets.get(identifier);
    result.sets.set(identifier, previous ? { ...taken, set: taken.set.union(previous.set) } : taken);
    result.times.set(identifier, now);
  }
  return result;
}

/** stripMetaManager: a plain difference (a member `metadata` goes, fields under it stay). */
export function stripMetaFields(managed: Managed, identifier: string): void {
  const versioned = managed.sets.get(identifier);
  if (!versioned) return;
  const set = versioned.set.difference(stripSet);
  if (set.isEmpty()) managed.sets.delete(identifier);
  else managed.sets.set(identifier, { ...versioned, set });
}

/** capUpdateManagers: merges the oldest Update entries into an "ancient-changes" entry per version. */
export function capUpdateManagers(managed: Managed, limit = maxUpdateManagers): Managed {
  const updaters = [...managed.sets].filter(([, versioned]) => !versioned.applied).map(([identifier]) => identifier);
  if (updaters.length <= limit) return managed;
  const age = (identifier: string) => unixSeconds(managed.times.get(identifier));
  updaters.sort((left, right) => age(left) - age(right) || compareGoStrings(left, right));
  const firstByVersion = new Map<string, string>();
  for (let index = 0, remaining = updaters.length; index < updaters.length && remaining > limit; index++) {
    const identifier = updaters[index]!;
    const versioned = managed.sets.get(identifier)!;
    const bucket = managerIdentifier({ manager: 'ancient-changes', operation: 'Update', apiVersion: versioned.apiVersion });
    const first = firstByVersion.get(versioned.apiVersion);
    if (first === undefined) {
      firstByVersion.set(versioned.apiVersion, identifier);
      continue;
    }
    if (!managed.sets.has(bucket)) {
      managed.sets.set(bucket, managed.sets.get(first)!);
      managed.sets.delete(first);
    }
    managed.sets.set(bucket, { ...versioned, set: versioned.set.union(managed.sets.get(bucket)!.set) });
    managed.sets.delete(identifier);
    // The bucket takes the time of the update merged last, the most recent so far.
    managed.times.set(bucket, managed.times.get(identifier));
    remaining--;
  }
  return managed;
}
