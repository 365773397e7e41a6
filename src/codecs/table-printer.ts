/**
 * What a printer is: column definitions and the cells of one object. Shared by the printer
 * registry (printers.ts) and the per-kind printers (printers/*), so it has no imports of its own.
 */
import type { KubeObject } from '../apimachinery/object.js';

export interface TableColumn {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
}

export interface Printer {
  columns: TableColumn[];
  cells(object: KubeObject, now: Date): unknown[];
  /** rest.NewDefaultTableConvertor's quirk: a Table without rows has `rows: null` (kube's printers write []). */
  nullWithoutRows?: boolean;
  /** The order of a list's rows, where kube's list printer sorts them (FlowSchemas); default: the list's. */
  order?(objects: KubeObject[]): KubeObject[];
}

/** Column definitions are written in kube's JSON field order: name, type, format, description, priority. */
export const nameColumn: TableColumn = {
  name: 'Name', type: 'string', format: 'name',
  description: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/names#names',
  priority: 0,
};

export const ageColumn: TableColumn = {
  name: 'Age', type: 'string', format: '',
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
  priority: 0,
};
