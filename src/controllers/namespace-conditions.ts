/**
 * The conditions the namespace deleter writes into a terminating namespace's status
 * (pkg/controller/namespace/deletion/status_condition_utils.go): five types in a fixed order,
 * each False with its "ok" reason and message unless something is wrong or remains. Existing
 * conditions are updated in place; lastTransitionTime changes only when the status flips.
 */
import { copyConditions, setCondition, type Condition, type WantedCondition } from '../apimachinery/conditions.js';

/** What a deletion pass left: instances per `resource.group`, and per finalizer. */
export interface Remaining {
  resources: Map<string, number>;
  finalizers: Map<string, number>;
}

type Wanted = WantedCondition;

const ok = (type: string, reason: string, message: string): Wanted => ({ type, status: 'False', reason, message });

/** The five conditions for what a pass left (discovery, parsing and deletion never fail here). */
export function namespaceConditions(remaining: Remaining): Wanted[] {
  return [
    ok('NamespaceDeletionDiscoveryFailure', 'ResourcesDiscovered', 'All resources successfully discovered'),
    ok('NamespaceDeletionGroupVersionParsingFailure', 'ParsedGroupVersions', 'All legacy kube types successfully parsed'),
    ok('NamespaceDeletionContentFailure', 'ContentDeleted', 'All content successfully deleted, may be waiting on finalization'),
    remaining.resources.size
      ? { type: 'NamespaceContentRemaining', status: 'True', reason: 'SomeResourcesRemain', message: `Some resources are remaining: ${listing(remaining.resources, '%s has %d resource instances')}` }
      : ok('NamespaceContentRemaining', 'ContentRemoved', 'All content successfully removed'),
    remaining.finalizers.size
      ? { type: 'NamespaceFinalizersRemaining', status: 'True', reason: 'SomeFinalizersRemain', message: `Some content in the namespace has finalizers remaining: ${listing(remaining.finalizers, '%s in %d resource instances')}` }
      : ok('NamespaceFinalizersRemaining', 'ContentHasNoFinalizers', 'All content-preserving finalizers finished'),
  ];
}

/** Sorted `format` entries (`%s` the key, `%d` the count), comma separated. */
function listing(counts: Map<string, number>, format: string): string {
  return [...counts].map(([key, n]) => format.replace('%s', key).replace('%d', String(n))).sort().join(', ');
}

/** The conditions after applying `wanted` to `existing`, or null when nothing changes. */
export function updateConditions(existing: unknown[], wanted: Wanted[], now: Date): Condition[] | null {
  const conditions = copyConditions(existing);
  let changed = false;
  for (const next of wanted) changed = setCondition(conditions, next, now) || changed;
  return changed ? conditions : null;
}
