/**
 * Server-side printing: the meta.k8s.io Table kubectl asks for with
 * `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`. Columns come from the type's printer
 * (printers.ts); rows carry the object as PartialObjectMetadata unless includeObject says otherwise.
 */
import type { KubeObject } from '../apimachinery/object.js';
import type { ListMetaFields } from './lists.js';
import { partialObjectMetadata } from './partial-metadata.js';
import type { Printer } from './printer-registry.js';

export type IncludeObject = 'None' | 'Metadata' | 'Object';

export interface TableOptions {
  includeObject: IncludeObject;
  /** meta.k8s.io version the client asked for (v1 or v1beta1). */
  version: string;
  now: Date;
}

/** A Table of `objects`; `listMeta` is the list's metadata, or the single object's resourceVersion. */
export function toTable(objects: KubeObject[], printer: Printer, listMeta: ListMetaFields, options: TableOptions): Record<string, unknown> {
  const table: Record<string, unknown> = {
    kind: 'Table',
    apiVersion: `meta.k8s.io/${options.version}`,
    metadata: listMeta,
    columnDefinitions: printer.columns,
    rows: (printer.order ? printer.order(objects) : objects).map((object) => ({
      cells: printer.cells(object, options.now),
      object: rowObject(object, options.includeObject),
    })),
  };
  if (printer.nullWithoutRows && objects.length === 0) table.rows = null;
  return table;
}

/** What a row carries of its object: nothing, its PartialObjectMetadata, or the object. */
export function rowObject(object: KubeObject, includeObject: IncludeObject): unknown {
  if (includeObject === 'None') return null;
  if (includeObject === 'Object') return object;
  return partialObjectMetadata(object);
}
