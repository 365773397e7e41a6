/**
 * Built-in kinds without a printer in kube (roles, cluster roles, limit ranges, custom resource
 * definitions) get the generic registry's default table convertor: NAME and CREATED AT, a `date`
 * column holding the creation time in RFC3339, not an age. (Custom resources without printer
 * columns get NAME and AGE instead: printers.ts's defaultPrinter.)
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { valueAt } from './fields.js';
import { nameOf, timestampCell } from './format.js';

/** rest.NewDefaultTableConvertor's columns and cells. */
export const createdAtPrinter: Printer = {
  columns: [nameColumn, { name: 'Created At', type: 'date', format: '', description: ageColumn.description, priority: 0 }],
  cells: (object) => [nameOf(object), timestampCell(valueAt(object, 'metadata', 'creationTimestamp'))],
};
