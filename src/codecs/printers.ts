/**
 * Table columns per resource type. Every type has kube's NAME and AGE; types with richer printers
 * in kube (pkg/printers/internalversion) register them here.
 */
import type { KubeObject } from '../registry/object.js';
import { age } from './human-duration.js';

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
}

export const nameColumn: TableColumn = {
  name: 'Name', type: 'string', format: 'name', priority: 0,
  description: 'Name must be unique within a namespace. Is required when creating resources, although some resources may allow a client to request the generation of an appropriate name automatically. Name is primarily intended for creation idempotence and configuration definition. Cannot be updated. More info: http://kubernetes.io/docs/user-guide/identifiers#names',
};

export const ageColumn: TableColumn = {
  name: 'Age', type: 'string', format: '', priority: 0,
  description: 'CreationTimestamp is a timestamp representing the server time when this object was created. It is not guaranteed to be set in happens-before order across separate operations. Clients may not set this value. It is represented in RFC3339 form and is in UTC.\n\nPopulated by the system. Read-only. Null for lists. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata',
};

/** NAME and AGE: what kube prints for a type without a printer of its own. */
export const defaultPrinter: Printer = {
  columns: [nameColumn, ageColumn],
  cells: (object, now) => [object.metadata.name ?? '', age(object.metadata.creationTimestamp, now)],
};

const printers = new Map<string, Printer>();

/** Registers the printer of `group/resource`. */
export function registerPrinter(group: string, resource: string, printer: Printer): void {
  printers.set(`${group}/${resource}`, printer);
}

/** The printer of a resource type. */
export function printerFor(group: string, resource: string): Printer {
  return printers.get(`${group}/${resource}`) ?? defaultPrinter;
}
