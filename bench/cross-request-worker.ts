/**
 * A runtime repro, not the server (bench/cross-request-soak.mjs drives it): requests that wait on
 * a promise shared in the isolate, then touch their own I/O, shaped as the server's create path is
 * (src/server/guard.ts, then src/endpoints/handlers/request-body.ts):
 *
 * - POST /work?wait=queue: a seat of a level with SEATS seats, FIFO as src/flowcontrol/dispatch.ts
 *   has it: a request that finds no seat waits on a promise made in its own request, and the
 *   request that gives a seat back hands it over (resolves that promise from its own request).
 * - wait=resolvers: the same seats as the server has them now (src/flowcontrol/seat-queue.ts, the
 *   fix): the waiter's promise comes from Promise.withResolvers() (src/apimachinery/hand-over.ts),
 *   which V8's optimizing compilers never build inline, so it keeps the waiter's request.
 * - wait=shared: a single flight: the first request makes a promise (resolved by its own timer)
 *   that the requests arriving meanwhile await; wait=shared-resolvers: the same with a handOver()
 *   promise.
 * - wait=poll: the previous workaround (bench/own-turn.ts): a waiter notices the seat
 *   handed over on its own 1-8 ms timers; no promise resolved across requests.
 * - wait=none: no shared promise (the comparison).
 * - read=late reads the body after the wait (as the server did), read=early before it (the fix).
 * - After the wait, a probe: a write to a native pipe (`IdentityTransformStream`) the request made
 *   at its start. It fails ("Cannot perform I/O on behalf of a different request") exactly when the
 *   continuation runs in another request's context, whether or not the body was read already.
 * - stub=1: then a call to a Durable Object through a stub made after the wait (as the server's
 *   storage makes one per call), its answer's body read; stub=old: through a stub made by the
 *   request before (which may be finished). hold=MS: the seat is then held MS milliseconds more.
 * - GET /stats: handed-over seats and shared awaits (cross-request resolutions), wrong-context
 *   continuations (probe failures), failed body reads, failed stub calls, and the first of each.
 */
import { DurableObject } from 'cloudflare:workers';
import { handOver } from '../src/apimachinery/hand-over.js';
import { maxPollMillis, ownTurn } from './own-turn.js';
import { SeatQueue } from '../src/flowcontrol/seat-queue.js';

interface Env {
  ECHO: DurableObjectNamespace<Echo>;
}

const seats = 2;
let inUse = 0;
const waiting: Array<() => void> = [];
let flight: Promise<void> | null = null;
/** The server's seats (wait=resolvers): handed over by a handOver() promise. */
const line = new SeatQueue();
let previousStub: DurableObjectStub<Echo> | null = null;

const stats = {
  requests: 0, crossResolutions: 0, wrongContext: 0, bodyFailures: 0, stubFailures: 0, responseFailures: 0,
  firstWrongContextAt: 0, firstBodyFailure: '', firstStubFailure: '',
};

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/stats') return Response.json(stats);
    if (url.pathname === '/reset') return (Object.assign(stats, { wrongContext: 0, bodyFailures: 0, stubFailures: 0, firstWrongContextAt: 0 }), Response.json(stats));
    return work(request, env, url.searchParams);
  },
};

async function work(request: Request, env: Env, options: URLSearchParams): Promise<Response> {
  stats.requests++;
  const probe = nativePipe();
  let body: Uint8Array | null = options.get('read') === 'early' ? await bodyOf(request) : null;
  const release = await wait(options.get('wait') ?? 'queue');
  try {
    await probe.check();
    body ??= await bodyOf(request);
    let answer = '';
    if (options.get('stub')) answer = await callStub(env, options.get('stub') === 'old');
    const hold = Number(options.get('hold') ?? 0);
    if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
    return answerOf(options.get('answer') ?? 'text', `${body.byteLength} ${answer}\n`);
  } catch (error) {
    return new Response(`${error}\n`, { status: 500 });
  } finally {
    release();
  }
}

/** The answer: a string body, bytes, a JavaScript stream, or none. */
function answerOf(kind: string, text: string): Response {
  if (kind === 'empty') return new Response(null, { status: 204 });
  if (kind === 'bytes') return new Response(encoder.encode(text));
  if (kind === 'js') return new Response(new ReadableStream({ start: (c) => (c.enqueue(encoder.encode(text)), c.close()) }));
  return new Response(text);
}

const encoder = new TextEncoder();

async function bodyOf(request: Request): Promise<Uint8Array> {
  try {
    return new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    stats.bodyFailures++;
    stats.firstBodyFailure ||= `${error} (after ${stats.crossResolutions} cross-request resolutions)`;
    throw error;
  }
}

/** Waits on isolate-wide state; gives back what to call when done. */
async function wait(mode: string): Promise<() => void> {
  if (mode === 'none') return () => {};
  if (mode === 'shared' || mode === 'shared-resolvers') {
    if (!flight) flight = newFlight(mode);
    else stats.crossResolutions++;
    await flight;
    return () => {};
  }
  if (mode === 'resolvers') {
    if (!line.tryTake(seats) && (await line.waitTurn({ deadline: Date.now() + 15_000 }))) stats.crossResolutions++;
    return () => line.giveBack();
  }
  if (mode === 'poll') {
    if (!pollLine.tryTake(seats) && (await pollLine.waitTurn())) stats.crossResolutions++;
    return () => pollLine.giveBack();
  }
  if (inUse < seats) inUse++;
  else {
    // A timer of its own keeps the waiter alive (workerd cancels a request with nothing pending), as the server's queue timeout did.
    const alive = setTimeout(() => {}, 15_000);
    await new Promise<void>((resolve) => waiting.push(resolve));
    clearTimeout(alive);
    stats.crossResolutions++;
  }
  return () => {
    const next = waiting.shift();
    if (next) next();
    else inUse--;
  };
}

/** A single flight's promise, settled by the first request's own timer 1 ms later. */
function newFlight(mode: string): Promise<void> {
  if (mode === 'shared') return new Promise<void>((resolve) => setTimeout(() => ((flight = null), resolve()), 1));
  const { promise, resolve } = handOver();
  setTimeout(() => ((flight = null), resolve()), 1);
  return promise;
}

/**
 * The previous workaround's seats (wait=poll), kept here for comparison: a seat given back goes to
 * the first in line, who notices on its own timers, every millisecond near the front of the line,
 * further back a millisecond more per seats' worth of places ahead (at most 8 ms).
 */
class PollLine {
  private inUse = 0;
  private readonly line: { ticket: number; handed: boolean }[] = [];
  private arrivals = 0;
  private departures = 0;

  tryTake(limit: number): boolean {
    if (this.inUse >= limit) return false;
    this.inUse += 1;
    return true;
  }

  /** True once handed a seat (false at the deadline: the repro then answers without one). */
  waitTurn(): Promise<boolean> {
    const waiter = { ticket: this.arrivals++, handed: false };
    this.line.push(waiter);
    const pause = () => Math.max(1, Math.min(maxPollMillis, Math.floor((waiter.ticket - this.departures) / seats) - 1));
    return ownTurn(() => waiter.handed, { pause, deadline: Date.now() + 15_000 });
  }

  giveBack(): void {
    const next = this.line.shift();
    if (!next) {
      this.inUse -= 1;
      return;
    }
    this.departures += 1;
    next.handed = true;
  }
}

const pollLine = new PollLine();

/** A native pipe made in this request; `check` writes to it (fails in another request's context). */
function nativePipe() {
  const { readable, writable } = new IdentityTransformStream();
  const writer = writable.getWriter();
  return {
    async check() {
      try {
        readable.getReader().read().catch(() => {});
        await writer.write(new Uint8Array(1));
      } catch {
        stats.wrongContext++;
        stats.firstWrongContextAt ||= stats.crossResolutions;
      }
    },
  };
}

async function callStub(env: Env, old: boolean): Promise<string> {
  const stub = old && previousStub ? previousStub : env.ECHO.get(env.ECHO.idFromName('echo'));
  previousStub = stub;
  try {
    const response = await stub.fetch('https://echo/');
    return await response.text();
  } catch (error) {
    stats.stubFailures++;
    stats.firstStubFailure ||= String(error);
    throw error;
  }
}

export class Echo extends DurableObject {
  override async fetch(): Promise<Response> {
    return new Response('echo');
  }
}
