/**
 * How old a continue token may be. kube-apiserver compacts etcd every five minutes, whatever the
 * cluster writes (its compactor itself bumps the revision), so a token older than that window
 * expires even when nothing in its collection changed: 410 with a token that resumes at the
 * newest state (an inconsistent list), whose resourceVersion is necessarily newer. Here each
 * storage shard compacts when it is written, and resourceVersions are microseconds of the clock:
 * a token whose version is older than the history window is expired, and the list it leads to
 * moves its collection's clock to the present, so its resourceVersion is newer too.
 */
import type { ListRequest, Storage } from '../storage/types.js';

/** Whether a continued list reads a snapshot older than the history window (`windowSeconds`). */
export function continueTooOld(request: ListRequest, windowSeconds: number, nowMillis = Date.now()): boolean {
  return request.version.match === 'exact' && request.version.resourceVersion < (nowMillis - windowSeconds * 1000) * 1000;
}

/**
 * The first page of a paged list of the newest state reads a snapshot at most a tenth of the
 * window old when it leaves more to continue (the collection's clock moves to now if its last
 * write is older; a page that ends the list writes nothing): its continue
 * token then lives at least 0.9 of the window, as kube's live 5 to 10 minutes after the list,
 * however long ago its collection was written.
 */
export function withFreshSnapshot(request: ListRequest, query: { limit?: number; continue?: string }, windowSeconds: number): ListRequest {
  if (!query.limit || query.limit <= 0 || query.continue || request.version.match !== 'latest') return request;
  return { ...request, freshWithin: windowSeconds * 100_000 };
}

/** A list continued from an expired token (it reads the newest state) is read with its storage's clock moved to now first. */
export async function continueAtPresent(storage: Storage, request: ListRequest, nowMillis = Date.now()): Promise<void> {
  if (request.version.match === 'latest') await storage.advanceClock(nowMillis * 1000);
}
