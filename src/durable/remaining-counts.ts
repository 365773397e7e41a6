/**
 * remainingItemCount of a paged list without selectors, counted once per list instead of once per
 * page: the keys of a snapshot after a page's continue key are the keys after the previous page's
 * continue key less the page's own. Counting is a scan of every key left (as etcd's count is), so
 * paging through 100,000 objects by 500 would scan 10 million rows, each page's count holding
 * the shard for tens of milliseconds; with this only a list's first page counts.
 */
import { snapshotCount } from './revisions.js';

/** Counts remembered per shard: the newest lists' last pages. */
const remembered = 64;

export class RemainingCounts {
  private readonly counts = new Map<string, number>();

  /**
   * How many live keys of the snapshot at `at` lie after `continueKey` up to `end`, for a page of
   * `pageKeys` keys that started after `pageStart` (null: the range's first page).
   */
  after(sql: SqlStorage, at: number, end: string, pageStart: string | null, continueKey: string, pageKeys: number): number {
    const before = pageStart === null ? undefined : this.counts.get(countKey(at, end, pageStart));
    const count = before === undefined ? snapshotCount(sql, at, continueKey, end) : before - pageKeys;
    this.counts.set(countKey(at, end, continueKey), count);
    if (this.counts.size > remembered) this.counts.delete(this.counts.keys().next().value!);
    return count;
  }
}

function countKey(at: number, end: string, key: string): string {
  return `${at}\u0000${end}\u0000${key}`;
}
