/**
 * The APIService table of kube-aggregator's REST.ConvertToTable (pkg/registry/apiservice/etcd):
 * the backing service (`namespace/name`, or `Local`) and the Available condition (`True`, or
 * `False (Reason)`; `Unknown` without one).
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, objectAt, stringAt, valueAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

function availableCell(apiService: unknown): string {
  const condition = listAt(apiService, 'status', 'conditions').find((item) => stringAt(item, 'type') === 'Available');
  if (condition === undefined) return 'Unknown';
  const status = stringAt(condition, 'status');
  const reason = stringAt(condition, 'reason');
  return status === 'True' || reason === '' ? status : `${status} (${reason})`;
}

function serviceCell(apiService: unknown): string {
  const service = valueAt(apiService, 'spec', 'service');
  if (service === undefined || service === null) return 'Local';
  return `${stringAt(objectAt(service), 'namespace')}/${stringAt(objectAt(service), 'name')}`;
}

export const apiServicePrinter: Printer = {
  columns: [
    nameColumn,
    column('Service', 'The reference to the service that hosts this API endpoint.'),
    column('Available', 'Whether this service is available.'),
    ageColumn,
  ],
  cells: (apiService, now) => [nameOf(apiService), serviceCell(apiService), availableCell(apiService), ageOf(apiService, now)],
};
