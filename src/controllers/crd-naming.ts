/**
 * The naming controller's decision (apiextensions-apiserver pkg/controller/status
 * naming_controller.go calculateNamesAndConditions), and the establishing controller's: each
 * requested name is accepted unless another CRD of the same group already holds it (plural,
 * singular and short names share one namespace, kinds and list kinds another); a name already
 * accepted for this CRD stays accepted. With every name accepted the CRD is Established.
 */
import type { WantedCondition } from '../apimachinery/conditions.js';
import { asRecord, asRecords, asText, asTexts } from '../kinds/json-values.js';
import type { KubeObject } from '../apimachinery/object.js';

export interface Names {
  plural: string;
  singular: string;
  shortNames?: string[];
  kind: string;
  listKind: string;
  categories?: string[];
}

function namesOf(value: unknown): Names {
  const names = asRecord(value) ?? {};
  const result: Names = { plural: asText(names.plural), singular: asText(names.singular), kind: asText(names.kind), listKind: asText(names.listKind) };
  if (Array.isArray(names.shortNames)) result.shortNames = asTexts(names.shortNames);
  if (Array.isArray(names.categories)) result.categories = asTexts(names.categories);
  return result;
}

/** The names accepted for `crd` and its NamesAccepted and Established conditions, given the group's other CRDs. */
export function acceptNames(crd: KubeObject, others: KubeObject[]): { acceptedNames: Names; conditions: WantedCondition[] } {
  const group = asText(asRecord(crd.spec)?.group);
  const taken = takenNames(others.filter((other) => asText(asRecord(other.spec)?.group) === group));
  const requested = namesOf(asRecord(crd.spec)?.names);
  const accepted = namesOf(asRecord(crd.status)?.acceptedNames);
  const next: Names = { ...accepted };
  const conflicts: { reason: string; message: string }[] = [];
  const check = (field: 'plural' | 'singular' | 'kind' | 'listKind', used: Set<string>, reason: string) => {
    const error = conflictOf(requested[field], accepted[field], used);
    if (error) conflicts.push({ reason, message: error });
    else next[field] = requested[field];
  };
  check('plural', taken.resources, 'PluralConflict');
  check('singular', taken.resources, 'SingularConflict');
  const shortNameErrors = (requested.shortNames ?? [])
    .filter((name) => !(accepted.shortNames ?? []).includes(name))
    .map((name) => conflictOf(name, '', taken.resources))
    .filter((error): error is string => error !== null);
  if (shortNameErrors.length) conflicts.push({ reason: 'ShortNamesConflict', message: aggregate(shortNameErrors) });
  else if (requested.shortNames) next.shortNames = requested.shortNames;
  check('kind', taken.kinds, 'KindConflict');
  check('listKind', taken.kinds, 'ListKindConflict');
  if (requested.categories) next.categories = requested.categories;
  const last = conflicts[conflicts.length - 1];
  const namesAccepted: WantedCondition = last
    ? { type: 'NamesAccepted', status: 'False', reason: last.reason, message: last.message }
    : { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' };
  return { acceptedNames: ordered(next), conditions: [namesAccepted, established(crd, namesAccepted.status === 'True')] };
}

/** Established stays True once set; it becomes True when all names are accepted. */
function established(crd: KubeObject, accepted: boolean): WantedCondition {
  const current = asRecords(asRecord(crd.status)?.conditions).find((condition) => condition.type === 'Established');
  if (current?.status === 'True') return { type: 'Established', status: 'True', reason: asText(current.reason), message: asText(current.message) };
  return accepted
    ? { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted' }
    : { type: 'Established', status: 'False', reason: 'NotAccepted', message: 'not all names are accepted' };
}

function takenNames(crds: KubeObject[]): { resources: Set<string>; kinds: Set<string> } {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const other of crds) {
    const names = namesOf(asRecord(other.status)?.acceptedNames);
    for (const name of [names.plural, names.singular, ...(names.shortNames ?? [])]) if (name) resources.add(name);
    for (const name of [names.kind, names.listKind]) if (name) kinds.add(name);
  }
  return { resources, kinds };
}

/** equalToAcceptedOrFresh. */
function conflictOf(requested: string, accepted: string, used: Set<string>): string | null {
  if (requested === accepted || !used.has(requested)) return null;
  return `"${requested}" is already in use`;
}

/** utilerrors.NewAggregate(...).Error(): one message, or `[a, b]`. */
function aggregate(messages: string[]): string {
  return messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
}

/** CustomResourceDefinitionNames's Go field order. */
function ordered(names: Names): Names {
  const result: Names = { plural: names.plural, singular: names.singular } as Names;
  if (names.shortNames) result.shortNames = names.shortNames;
  result.kind = names.kind;
  result.listKind = names.listKind;
  if (names.categories) result.categories = names.categories;
  return result;
}
