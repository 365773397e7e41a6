/**
 * What a watcher sees of one committed change, given its filter: kube's cacheWatcher rules.
 * An object that starts matching arrives as ADDED, one that keeps matching as MODIFIED, and one
 * that stops matching (or is deleted) as DELETED carrying its previous content with the change's
 * resourceVersion.
 */
import { matchesFields } from '../../apimachinery/selectors/fields.js';
import { matchesLabels } from '../../apimachinery/selectors/labels.js';
import type { Change, Side } from '../../durable/watch-protocol.js';
import type { EventType, WatchFilter } from '../types.js';

function matches(filter: WatchFilter, side: Side | null, key: string): boolean {
  if (!side || !key.startsWith(filter.prefix)) return false;
  if (filter.labelSelector?.requirements.length && !matchesLabels(filter.labelSelector, side.labels)) return false;
  if (filter.fieldSelector?.requirements.length && !matchesFields(filter.fieldSelector, side.fields)) return false;
  return true;
}

/** Whether `filter` selects anything beyond its prefix. */
export function hasSelectors(filter: WatchFilter): boolean {
  return !!(filter.labelSelector?.requirements.length || filter.fieldSelector?.requirements.length);
}

/** The event `filter` sees for `change`, or null if it sees none. */
export function eventFor(filter: WatchFilter, change: Change): { type: EventType; value: string } | null {
  const now = matches(filter, change.current, change.key);
  const before = matches(filter, change.previous, change.key);
  if (now && before) return { type: 'MODIFIED', value: change.current!.value! };
  if (now) return { type: 'ADDED', value: change.current!.value! };
  if (before) return { type: 'DELETED', value: change.previous!.value! };
  return null;
}
