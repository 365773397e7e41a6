/**
 * Typed lists as kube returns them: `<Kind>List` with ListMeta, items without kind/apiVersion
 * (typed Go lists carry no TypeMeta on their items); custom resources come as unstructured lists.
 */
import type { KubeObject } from '../apimachinery/object.js';
import type { ObjectList } from '../apimachinery/object.js';

export interface ListMetaFields {
  resourceVersion?: string;
  continue?: string;
  remainingItemCount?: number;
}

/** The ListMeta of a list result (its items held or streamed), in kube's field order. */
export function listMeta(list: Pick<ObjectList<unknown>, 'resourceVersion' | 'continue' | 'remainingItemCount'>): ListMetaFields {
  const meta: ListMetaFields = { resourceVersion: list.resourceVersion };
  if (list.continue) meta.continue = list.continue;
  if (list.remainingItemCount !== undefined) meta.remainingItemCount = list.remainingItemCount;
  return meta;
}

/** An item as it appears inside a typed list. */
export function listItem(object: KubeObject): Record<string, unknown> {
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = object;
  return rest;
}

export function typedList(listKind: string, apiVersion: string, list: ObjectList): Record<string, unknown> {
  return { kind: listKind, apiVersion, metadata: listMeta(list), items: list.items.map(listItem) };
}

/** An UnstructuredList (custom resources): keys sorted, items whole, with their apiVersion and kind. */
export function unstructuredList(listKind: string, apiVersion: string, list: ObjectList): Record<string, unknown> {
  return { apiVersion, items: list.items, kind: listKind, metadata: listMeta(list) };
}
