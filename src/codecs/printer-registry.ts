/**
 * Table columns per resource type: kube's printers for built-in kinds (printers/index.ts, after
 * pkg/printers/internalversion), a custom resource's from its CRD (crds/printer.ts), NAME and AGE
 * for everything else.
 */
import { age } from './human-duration.js';
import { ageColumn, nameColumn, type Printer } from './table-printer.js';
import { builtinPrinters } from './printers/index.js';
import type { ResourceType } from '../api/catalog.js';
import { customPrinter } from './custom-resource-printer.js';

export { ageColumn, nameColumn, type Printer, type TableColumn } from './table-printer.js';

/** NAME and AGE: what kube prints for a type without a printer of its own. */
export const defaultPrinter: Printer = {
  columns: [nameColumn, ageColumn],
  cells: (object, now) => [object.metadata.name ?? '', age(object.metadata.creationTimestamp, now)],
};

const printers = new Map<string, Printer>(Object.entries(builtinPrinters));

/** Registers the printer of `group/resource`. */
export function registerPrinter(group: string, resource: string, printer: Printer): void {
  printers.set(`${group}/${resource}`, printer);
}

/** The printer of a resource type (a custom resource's comes from its CRD). */
export function printerFor(type: ResourceType): Printer {
  if (type.custom) return customPrinter(type);
  return printers.get(`${type.group}/${type.resource}`) ?? defaultPrinter;
}
