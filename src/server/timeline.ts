/**
 * A request's timeline, for finding what the slowest requests wait on (bench/tail-timeline.mjs,
 * issue 38). With the binding EDGE_TIMELINE=on, a request carrying an `edge-timeline` header
 * (any value: the client's id for it) is timed: the Worker's start, each storage call
 * (apimachinery/timeline.ts, marked by storage/rpc.ts) and the response's head, in the isolate's
 * clock (epoch ms, advanced by workerd at I/O), come back in the response's `edge-timeline`
 * header: `worker=T;storage get=T1-T2;response=T`. The local front (src/front/timeline.ts) adds
 * the request's arrival, its admission into workerd and the answer's end. Off (the default),
 * nothing is read of the request: one test of the binding.
 */
import { runTimed, type Timeline } from '../apimachinery/timeline.js';
import { withHeaders } from '../endpoints/handlers/sized-response.js';
import type { Env } from './env.js';

export const timelineHeader = 'edge-timeline';

/** Whether `request` is timed: the timeline is on and the request asks for it. */
export function timed(request: Request, env: Env): boolean {
  return env.EDGE_TIMELINE === 'on' && request.headers.has(timelineHeader);
}

/** Serves a timed request with `serve`; its timeline goes out in the response's header. */
export async function withTimeline(serve: () => Promise<Response>): Promise<Response> {
  const timeline: Timeline = { marks: [['worker', Date.now()]] };
  const response = await runTimed(timeline, serve);
  timeline.marks.push(['response', Date.now()]);
  return withHeaders(response, { [timelineHeader]: timelineText(timeline) });
}

/** `name=T` for points, `name=T1-T2` for spans (one that failed: `name=T1-`), `;` between. */
export function timelineText({ marks }: Timeline): string {
  return marks.map((mark) => (mark.length === 2 ? `${mark[0]}=${mark[1]}` : `${mark[0]}=${mark[1]}-${mark[2] ?? ''}`)).join(';');
}
