/**
 * The 409 an apply gets when it would change fields other managers own
 * (managedfields/internal/conflict.go, errors.NewApplyConflict). Golden 039:
 *   Apply failed with 2 conflicts: conflicts with "kubectl":
 *   - .data.key
 *   - .data.other
 * with one FieldManagerConflict cause per field. A single conflict reads
 * `Apply failed with 1 conflict: conflict with "kubectl": .data.key`. Update managers print as
 * `"editor" using v1`, subresource managers as `"m" with subresource "status"`.
 */
import { goQuote } from '../apimachinery/go-format.js';
import { StatusError, type Status, type StatusCause } from '../apimachinery/status.js';
import { compareGoStrings } from './go-json.js';
import { parseManagerIdentifier } from './managed-fields.js';
import { fieldPathText } from './path-element.js';
import type { Conflict } from './updater.js';

/** printManager: how a conflict names the manager that owns the field. */
export function printManager(identifier: string): string {
  let entry: ReturnType<typeof parseManagerIdentifier>;
  try {
    entry = parseManagerIdentifier(identifier);
  } catch {
    return goQuote(identifier);
  }
  let text = goQuote(entry.manager ?? '');
  if (entry.subresource) text += ` with subresource ${goQuote(entry.subresource)}`;
  // Identifiers carry no time, so kube's "at <time>" suffix never appears.
  if (entry.operation === 'Update') text += ` using ${entry.apiVersion ?? ''}`;
  return text;
}

/** getConflictMessage: managers sorted by identifier, each with its fields. */
export function conflictMessage(conflicts: readonly Conflict[]): string {
  if (conflicts.length === 1) {
    const only = conflicts[0]!;
    return `Apply failed with 1 conflict: conflict with ${printManager(only.manager)}: ${fieldPathText(only.path)}`;
  }
  const byManager = new Map<string, string[]>();
  for (const conflict of conflicts) {
    const paths = byManager.get(conflict.manager) ?? [];
    paths.push(fieldPathText(conflict.path));
    byManager.set(conflict.manager, paths);
  }
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort(compareGoStrings)) {
    lines.push(`conflicts with ${printManager(manager)}:`, ...byManager.get(manager)!.map((path) => `- ${path}`));
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** NewConflictError: the 409 Status, one FieldManagerConflict cause per field. */
export function applyConflictError(conflicts: readonly Conflict[]): StatusError {
  const causes: StatusCause[] = conflicts.map((conflict) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(conflict.manager)}`,
    field: fieldPathText(conflict.path),
  }));
  const status: Status = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: conflictMessage(conflicts),
    reason: 'Conflict',
    details: { causes },
    code: 409,
  };
  return new StatusError(status);
}
