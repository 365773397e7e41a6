// The front's side of a request's timeline (bench/tail-timeline.mjs, issue 38): with
// FRONT_TIMELINE=FILE in the front's environment, every request carrying an `edge-timeline` header
// (its value: the client's id for it) is written to FILE as a JSON line when its answer has ended:
// { id, arrived (its head read), admitted (sent on to workerd), answered (the answer's head read),
// ended (its last byte), server (the answer's `edge-timeline` header: the Worker's own marks,
// src/server/timeline.ts) }, in epoch milliseconds. Without FRONT_TIMELINE nothing is recorded:
// connections test one constant. HTTP/1.1 connections only (connection.ts): HTTP/2 streams (h2.ts)
// are not timed.
import { createWriteStream, type WriteStream } from 'node:fs';

/** One request's marks at the front. */
export interface FrontMarks {
  id: string;
  arrived: number;
  admitted?: number;
  answered?: number;
  ended?: number;
  server?: string;
}

const file = process.env.FRONT_TIMELINE;
let out: WriteStream | null = null;

/** Whether the front records timelines (FRONT_TIMELINE set). */
export const timelineOn = !!file;

/** The clock of the marks: epoch ms with the sub-millisecond part. */
export const now = (): number => performance.timeOrigin + performance.now();

/** Writes a request's marks once its answer has ended. */
export function record(marks: FrontMarks): void {
  out ??= createWriteStream(file!, { flags: 'a' });
  out.write(`${JSON.stringify(marks)}\n`);
}
