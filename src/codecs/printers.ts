/**
 * Table columns per resource type: kube's printers for built-in kinds (printers/index.ts, after
 * pkg/printers/internalversion), NAME and AGE for everything else (custom resources without
 * additionalPrinterColumns get theirs from the CRD later).
 */
import { age } from './human-duration.js';
import { ageColumn, nameColumn, type Printer } from './printer.js';
import { builtinPrinters } from './printers/index.js';

export { ageColumn, nameColumn, type Printer, type TableColumn } from './printer.js';

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

/** The printer of a resource type. */
export function printerFor(group: string, resource: string): Printer {
  return printers.get(`${group}/${resource}`) ?? defaultPrinter;
}
