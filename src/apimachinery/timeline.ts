/**
 * Marks on a request's timeline (issue 38: what the slowest requests wait on), recorded only for
 * requests the server times (server/timeline.ts: the binding EDGE_TIMELINE=on and the request's
 * `edge-timeline` header). Off, a mark is one test of a module flag: nothing is looked up or kept.
 * The current request's timeline follows its async context (AsyncLocalStorage), so the storage
 * layer marks its calls without being handed anything. Times are the isolate's clock (Date.now()),
 * which workerd advances at I/O: a mark says when the work around it was let run.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One timed request's marks: points [name, ms] and spans [name, start ms, end ms]. */
export interface Timeline {
  readonly marks: [string, number, number?][];
}

let enabled = false;
const current = new AsyncLocalStorage<Timeline>();

/** Runs `work` with `timeline` as the current request's; marks from then on are kept. */
export function runTimed<T>(timeline: Timeline, work: () => T): T {
  enabled = true;
  return current.run(timeline, work);
}

/** A point on the current request's timeline, if it is timed. */
export function mark(name: string): void {
  if (enabled) current.getStore()?.marks.push([name, Date.now()]);
}

/** A span: [name, start ms, end ms once ended]. */
export type Span = [string, number, number?];

/** Starts a span on the current request's timeline (a storage call); null when it is not timed. */
export function startSpan(name: string): Span | null {
  if (!enabled) return null;
  const timeline = current.getStore();
  if (!timeline) return null;
  const span: Span = [name, Date.now(), undefined];
  timeline.marks.push(span);
  return span;
}

/** Ends a span startSpan made. */
export function endSpan(span: Span | null): void {
  if (span) span[2] = Date.now();
}
