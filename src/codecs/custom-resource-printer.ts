/**
 * Tables of custom resources (apiextensions-apiserver pkg/registry/customresource/tableconvertor):
 * Name, then the version's additionalPrinterColumns (simple JSON paths into the object), or an
 * Age column when it declares none (serveDefaultColumnsIfEmpty). Cells are typed as the column
 * says (cellForJSONValue): integers, numbers, booleans, dates as ages; a value of another type,
 * or none, is a null cell; string columns print whatever is there.
 */
import type { ResourceType } from '../api/catalog.js';
import { age } from './human-duration.js';
import { ageColumn, nameColumn, type Printer, type TableColumn } from './table-printer.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { PrinterColumn } from '../api/catalog.js';
import { evaluateSimplePath } from './simple-jsonpath.js';

const printers = new WeakMap<ResourceType, Printer>();

/** The printer of a custom resource version. */
export function customPrinter(type: ResourceType): Printer {
  let printer = printers.get(type);
  if (!printer) printers.set(type, (printer = buildPrinter(type.custom?.printerColumns ?? [])));
  return printer;
}

function buildPrinter(columns: PrinterColumn[]): Printer {
  if (columns.length === 0) {
    return { columns: [nameColumn, ageColumn], cells: (object, now) => [object.metadata.name ?? '', age(object.metadata.creationTimestamp, now)] };
  }
  const definitions: TableColumn[] = columns.map((column) => ({
    name: column.name, type: column.type, format: column.format,
    description: column.description || `Custom resource definition column (in JSONPath format): ${column.jsonPath}`, priority: column.priority,
  }));
  return {
    columns: [nameColumn, ...definitions],
    cells: (object, now) => [object.metadata.name ?? '', ...columns.map((column) => cell(column, object, now))],
  };
}

function cell(column: PrinterColumn, object: KubeObject, now: Date): unknown {
  const value = evaluateSimplePath(object, column.jsonPath);
  if (value === undefined || value === null) return null;
  switch (column.type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      if (typeof value !== 'string') return null;
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : age(value, now);
    default:
      return typeof value === 'string' ? value : printed(value);
  }
}

/** What kubectl's JSONPath printer writes for a non-string value: JSON for maps and lists. */
function printed(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
