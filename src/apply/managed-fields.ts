/**
 * metadata.managedFields <-> the managers' field sets (managedfields/internal/managedfields.go).
 * Each entry is keyed by a manager identifier, the JSON of {manager, operation, apiVersion,
 * subresource} where appliers leave out apiVersion (one Apply entry per manager, whatever version
 * it last applied with; one Update entry per manager and version). Entries are written sorted:
 * Apply before Update, then by time (seconds), manager, apiVersion, subresource.
 */
import { goQuote } from '../apimachinery/go-format.js';
import type { FieldSet } from './field-set.js';
import { decodeFieldsV1, encodeFieldsV1, type FieldsV1 } from './fields-v1.js';
import { compareGoStrings, goJsonString } from './go-json.js';
import { isJsonObject } from './values.js';

export type ManagedFieldsOperation = 'Apply' | 'Update';

/** metav1.ManagedFieldsEntry, fields in Go's declaration order. */
export interface ManagedFieldsEntry {
  manager?: string;
  operation?: ManagedFieldsOperation;
  apiVersion?: string;
  time?: string;
  fieldsType?: 'FieldsV1';
  fieldsV1?: FieldsV1;
  subresource?: string;
}

/** A manager's fields, the version they were written in, and whether they came from an apply. */
export interface VersionedFieldSet {
  readonly set: FieldSet;
  readonly apiVersion: string;
  readonly applied: boolean;
}

/** Every manager's fields and the time of its last change, by manager identifier. */
export interface Managed {
  readonly sets: Map<string, VersionedFieldSet>;
  readonly times: Map<string, string | undefined>;
}

/** An empty Managed. */
export function emptyManaged(): Managed {
  return { sets: new Map(), times: new Map() };
}

/** A copy whose maps can be changed without touching the original. */
export function copyManaged(managed: Managed): Managed {
  return { sets: new Map(managed.sets), times: new Map(managed.times) };
}

/** BuildManagerIdentifier: `{"manager":"kubectl","operation":"Apply"}`, apiVersion only for Update. */
export function managerIdentifier(entry: { manager: string; operation: ManagedFieldsOperation; apiVersion?: string; subresource?: string }): string {
  // Go's struct has omitempty on every field here: an empty manager is left out.
  const parts = entry.manager ? [`"manager":${goJsonString(entry.manager)}`] : [];
  parts.push(`"operation":${goJsonString(entry.operation)}`);
  if (entry.operation === 'Update' && entry.apiVersion) parts.push(`"apiVersion":${goJsonString(entry.apiVersion)}`);
  if (entry.subresource) parts.push(`"subresource":${goJsonString(entry.subresource)}`);
  return `{${parts.join(',')}}`;
}

/** The identifier's fields back (encodeManagerVersionedSet reads them from it). */
export function parseManagerIdentifier(identifier: string): { manager?: string; operation: ManagedFieldsOperation; apiVersion?: string; subresource?: string } {
  return JSON.parse(identifier) as { manager?: string; operation: ManagedFieldsOperation; apiVersion?: string; subresource?: string };
}

/** Thrown for managedFields that kube would refuse to decode; the message says why. */
export class ManagedFieldsDecodeError extends Error {}

/** DecodeManagedFields: entries to field sets; an invalid entry fails the whole list. */
export function decodeManagedFields(entries: unknown): Managed {
  const managed = emptyManaged();
  if (entries === null || entries === undefined) return managed;
  if (!Array.isArray(entries)) throw new ManagedFieldsDecodeError('managedFields must be a list');
  entries.forEach((entry, index) => {
    if (!isJsonObject(entry)) throw new ManagedFieldsDecodeError(`managed fields entry ${index} must be an object`);
    const operation = entry.operation;
    if (operation !== 'Apply' && operation !== 'Update') throw new ManagedFieldsDecodeError('operation must be `Apply` or `Update`');
    if (typeof entry.apiVersion !== 'string' || entry.apiVersion === '') throw new ManagedFieldsDecodeError('apiVersion must not be empty');
    if (entry.fieldsType === undefined || entry.fieldsType === null || entry.fieldsType === '') {
      throw new ManagedFieldsDecodeError(`missing fieldsType in managed fields entry ${index}`);
    }
    if (entry.fieldsType !== 'FieldsV1') throw new ManagedFieldsDecodeError(`invalid fieldsType ${goQuote(String(entry.fieldsType))} in managed fields entry ${index}`);
    const manager = typeof entry.manager === 'string' ? entry.manager : '';
    const subresource = typeof entry.subresource === 'string' ? entry.subresource : '';
    const identifier = managerIdentifier({ manager, operation, apiVersion: entry.apiVersion, subresource });
    managed.sets.set(identifier, { set: decodeFieldsV1(entry.fieldsV1), apiVersion: entry.apiVersion, applied: operation === 'Apply' });
    managed.times.set(identifier, typeof entry.time === 'string' ? entry.time : undefined);
  });
  return managed;
}

/**
 * encodeManagedFields: the entries to store, sorted as kube sorts them (empty: no managedFields).
 * Custom resources are unstructured in kube, so their entries, like every map there, are written
 * with keys sorted bytewise, FieldsV1 keys included (`sortKeys`).
 */
export function encodeManagedFields(managed: Managed, sortKeys = false): ManagedFieldsEntry[] {
  const entries: ManagedFieldsEntry[] = [];
  for (const [identifier, versioned] of managed.sets) {
    const { manager, subresource } = parseManagerIdentifier(identifier);
    const entry: ManagedFieldsEntry = {};
    if (manager) entry.manager = manager;
    entry.operation = versioned.applied ? 'Apply' : 'Update';
    entry.apiVersion = versioned.apiVersion;
    const time = managed.times.get(identifier);
    if (time !== undefined) entry.time = time;
    entry.fieldsType = 'FieldsV1';
    entry.fieldsV1 = encodeFieldsV1(versioned.set);
    if (subresource) entry.subresource = subresource;
    entries.push(sortKeys ? (sortedKeys(entry) as ManagedFieldsEntry) : entry);
  }
  return entries.sort(compareEntries);
}

function sortedKeys(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(compareGoStrings)) out[key] = sortedKeys(value[key]);
  return out;
}

/** sortEncodedManagedFields' order. */
function compareEntries(left: ManagedFieldsEntry, right: ManagedFieldsEntry): number {
  return (
    compareGoStrings(left.operation ?? '', right.operation ?? '') ||
    Math.sign(unixSeconds(left.time) - unixSeconds(right.time)) ||
    compareGoStrings(left.manager ?? '', right.manager ?? '') ||
    compareGoStrings(left.apiVersion ?? '', right.apiVersion ?? '') ||
    compareGoStrings(left.subresource ?? '', right.subresource ?? '')
  );
}

/** metav1.Time.Unix() of an RFC 3339 time; a missing time counts as 0. */
export function unixSeconds(time: string | undefined): number {
  if (time === undefined) return 0;
  const milliseconds = Date.parse(time);
  return Number.isNaN(milliseconds) ? 0 : Math.floor(milliseconds / 1000);
}

/**
 * isResetManagedFields: an empty list, or a list of one empty entry, asks to clear managedFields
 * (`{"metadata":{"managedFields":[{}]}}`). Absent or null means "unchanged".
 */
export function isResetManagedFields(managedFields: unknown): boolean {
  if (!Array.isArray(managedFields)) return false;
  if (managedFields.length === 0) return true;
  return managedFields.length === 1 && isJsonObject(managedFields[0]) && Object.values(managedFields[0]).every((value) => value === null || value === undefined || value === '');
}
