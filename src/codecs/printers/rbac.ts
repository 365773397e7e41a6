/**
 * Role bindings and cluster role bindings (printRoleBinding, printClusterRoleBinding). Roles and
 * cluster roles have no printer in kube: see created-at.ts.
 */
import { ageColumn, nameColumn, type Printer, type TableColumn } from '../table-printer.js';
import { column, listAt, stringAt, wideColumn } from './fields.js';
import { ageOf, nameOf } from './format.js';

/** kube's printRoleBinding. */
export const roleBindingPrinter: Printer = {
  columns: bindingColumns(
    'RoleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
    'roleBinding',
  ),
  cells: bindingCells,
};

/** kube's printClusterRoleBinding. */
export const clusterRoleBindingPrinter: Printer = {
  columns: bindingColumns(
    'RoleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
    'clusterRoleBinding',
  ),
  cells: bindingCells,
};

function bindingColumns(roleDescription: string, kind: string): TableColumn[] {
  return [
    nameColumn,
    column('Role', roleDescription),
    ageColumn,
    wideColumn('Users', `Users in the ${kind}`),
    wideColumn('Groups', `Groups in the ${kind}`),
    wideColumn('ServiceAccounts', `ServiceAccounts in the ${kind}`),
  ];
}

/** ROLE is `Kind/name`; the subjects are split by kind (rbac.SubjectsStrings) and joined with ", ". */
function bindingCells(binding: unknown, now: Date): unknown[] {
  const users: string[] = [];
  const groups: string[] = [];
  const serviceAccounts: string[] = [];
  for (const subject of listAt(binding, 'subjects')) {
    const kind = stringAt(subject, 'kind');
    if (kind === 'User') users.push(stringAt(subject, 'name'));
    else if (kind === 'Group') groups.push(stringAt(subject, 'name'));
    else if (kind === 'ServiceAccount') serviceAccounts.push(`${stringAt(subject, 'namespace')}/${stringAt(subject, 'name')}`);
  }
  const role = `${stringAt(binding, 'roleRef', 'kind')}/${stringAt(binding, 'roleRef', 'name')}`;
  return [nameOf(binding), role, ageOf(binding, now), users.join(', '), groups.join(', '), serviceAccounts.join(', ')];
}
