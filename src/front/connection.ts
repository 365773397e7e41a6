// One client connection of the local HTTPS front (https-front.ts), passed through byte for
// byte on one connection to workerd. The front reads only where each request and answer ends
// (http-framing.ts): a request's head waits in the front until the admission lets it in
// (admission.ts; long-running requests and Leases go at once), then the request and
// its answer flow through unchanged, and the connection's next request is read when the answer has
// ended. A protocol upgrade (101) turns the connection into a tunnel. The connection to workerd is
// closed after 3 s without a request, before workerd's own 5 s idle limit could drop a request sent
// on it; the next request opens another.
import { Buffer } from 'node:buffer';
import net from 'node:net';
import type tls from 'node:tls';
import { type Admission, admissionOf } from './admission.js';
import { type Body, BodyUntilClose, type Bytes, FramingError, SizedBody, bodyOf, closes, parseHead, requestLine, statusOf } from './http-framing.js';
import { type FrontMarks, now, record, timelineOn } from './timeline.js';

const upstreamIdleMs = 3000;
/** Client bytes held beyond the request being forwarded (a pipelined request) before reading pauses. */
const maxPendingBytes = 1 << 20;

/** Where workerd listens. */
export interface Upstream {
  host: string;
  port: number;
}

/** The request under way on a connection. */
interface Exchanged {
  method: string;
  headLength: number;
  body: Body;
  closeAfter: boolean;
  /** Its timeline at the front, when recorded (timeline.ts). */
  marks: FrontMarks | null;
}

/** Its answer as read so far: the bytes of an incomplete head, then its body. */
interface Answer {
  head: Bytes | null;
  body: Body | null;
  closeAfter: boolean;
  sent: boolean;
}

/** head (reading a request), admitting, exchange, tunnel, closing (ends once written), closed. */
type State = 'head' | 'admitting' | 'exchange' | 'tunnel' | 'closing' | 'closed';

export class FrontConnection {
  #client: tls.TLSSocket;
  #target: Upstream;
  #admission: Admission;
  /** Client bytes not forwarded yet: the head being read, body bytes waiting, the next request. */
  #pending: Bytes = Buffer.alloc(0);
  #state: State = 'head';
  #request: Exchanged | null = null;
  #answer: Answer | null = null;
  #upstream: net.Socket | null = null;
  #upstreamFull = false;
  #clientFull = false;
  #reading = true;
  #release: (() => void) | null = null;
  #idle: ReturnType<typeof setTimeout> | undefined;

  constructor(client: tls.TLSSocket, target: Upstream, admission: Admission) {
    this.#client = client;
    this.#target = target;
    this.#admission = admission;
    client.on('data', (chunk) => this.#fromClient(chunk));
    client.on('error', () => this.destroy());
    client.on('close', () => this.destroy());
  }

  /** Drops both connections (an open watch included) and gives back the admission place. */
  destroy(): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#giveBackPlace();
    clearTimeout(this.#idle);
    this.#client.destroy();
    this.#upstream?.destroy();
  }

  #fromClient(chunk: Bytes): void {
    if (this.#state === 'tunnel') return this.#send(chunk);
    if (this.#state === 'closing' || this.#state === 'closed') return;
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    if (this.#state === 'head') this.#nextRequest();
    else if (this.#state === 'exchange') this.#forwardBody();
    this.#flow();
  }

  /** Reads the next request's head from the pending bytes; once whole, asks for admission. */
  #nextRequest(): void {
    let request;
    try {
      const head = parseHead(this.#pending);
      if (!head) return;
      request = { ...requestLine(head.startLine), headers: head.headers };
      const id = timelineOn ? head.headers['edge-timeline'] : undefined;
      const marks = id === undefined ? null : { id, arrived: now() };
      this.#request = { method: request.method, headLength: head.length, body: bodyOf(head.headers, false), closeAfter: closes(head.headers, request.version), marks };
    } catch (error) {
      return this.#refuse(error);
    }
    this.#state = 'admitting';
    const admission = admissionOf(request);
    if (admission.atOnce) this.#start(() => {});
    else this.#admission.admit(admission.flow, (done) => this.#start(done));
  }

  /** Admitted: the head and what came of the body go to workerd; `done` frees the place. */
  #start(done: () => void): void {
    if (this.#state !== 'admitting') return done();
    this.#release = done;
    this.#state = 'exchange';
    if (this.#request!.marks) this.#request!.marks.admitted = now();
    this.#answer = { head: null, body: null, closeAfter: false, sent: false };
    this.#connect();
    // The head and what came of the body in one write: most requests go to workerd in one syscall.
    this.#forwardBody(this.#request!.headLength);
    this.#flow();
  }

  /**
   * The request body's bytes among the pending ones go on (after the `from` bytes of its head);
   * what follows the body stays for later.
   */
  #forwardBody(from = 0): void {
    const { body } = this.#request!;
    let taken = 0;
    try {
      if (!body.done) taken = body.take(this.#pending, from);
    } catch {
      return this.destroy();
    }
    this.#send(this.#pending.subarray(0, from + taken));
    this.#pending = this.#pending.subarray(from + taken);
  }

  #send(bytes: Bytes): void {
    if (!bytes.length || !this.#upstream) return;
    if (this.#upstream.write(bytes) || this.#upstreamFull) return;
    this.#upstreamFull = true;
    this.#upstream.once('drain', () => {
      this.#upstreamFull = false;
      this.#flow();
    });
  }

  /** Reads from the client unless bytes pile up: a pipelined request, or workerd not taking a body. */
  #flow(): void {
    const reading = this.#pending.length <= maxPendingBytes && !this.#upstreamFull;
    if (this.#state === 'closed' || reading === this.#reading) return;
    this.#reading = reading;
    if (reading) this.#client.resume();
    else this.#client.pause();
  }

  #connect(): void {
    clearTimeout(this.#idle);
    if (this.#upstream) return;
    const upstream = net.connect({ ...this.#target, noDelay: true });
    upstream.on('data', (chunk) => this.#fromUpstream(upstream, chunk));
    upstream.on('error', () => {});
    upstream.on('close', () => this.#upstreamClosed(upstream));
    this.#upstream = upstream;
  }

  /** Answer bytes go to the client as they come; the framing tells when the answer has ended. */
  #fromUpstream(upstream: net.Socket, chunk: Bytes): void {
    if (upstream !== this.#upstream) return;
    if (this.#state !== 'exchange' && this.#state !== 'tunnel') {
      upstream.destroy();
      return;
    }
    if (!this.#client.write(chunk) && !this.#clientFull) {
      this.#clientFull = true;
      upstream.pause();
      this.#client.once('drain', () => {
        this.#clientFull = false;
        upstream.resume();
      });
    }
    if (this.#state === 'exchange') {
      this.#answer!.sent = true;
      try {
        this.#readAnswer(chunk);
      } catch {
        this.destroy();
      }
    }
  }

  #readAnswer(chunk: Bytes): void {
    const answer = this.#answer!;
    let at = 0;
    while (at < chunk.length) {
      if (!answer.body) {
        const before = answer.head?.length ?? 0;
        answer.head = before ? Buffer.concat([answer.head, chunk.subarray(at)]) : chunk.subarray(at);
        const head = parseHead(answer.head);
        if (!head) return;
        at += head.length - before;
        answer.head = null;
        const status = statusOf(head.startLine);
        if (status === 101) return this.#tunnel();
        // An interim answer (100 Continue): the final one follows.
        if (status < 200) continue;
        answer.closeAfter = closes(head.headers);
        const marks = this.#request!.marks;
        if (marks) Object.assign(marks, { answered: now(), server: head.headers['edge-timeline'] });
        answer.body = this.#request!.method === 'HEAD' || status === 204 || status === 304 ? new SizedBody(0) : bodyOf(head.headers, true);
      }
      at += answer.body.take(chunk, at);
      if (answer.body.done) return this.#endExchange();
    }
  }

  /** The answer has ended: the place is given back, and the connection's next request is read. */
  #endExchange(): void {
    this.#giveBackPlace();
    const marks = this.#request!.marks;
    if (marks) record({ ...marks, ended: now() });
    const closeAfter = this.#request!.closeAfter || this.#answer!.closeAfter || !this.#request!.body.done;
    this.#request = null;
    this.#answer = null;
    if (closeAfter) return this.#close();
    this.#state = 'head';
    this.#idle = setTimeout(() => this.#dropUpstream(), upstreamIdleMs);
    this.#nextRequest();
    this.#flow();
  }

  #dropUpstream(): void {
    const upstream = this.#upstream;
    this.#upstream = null;
    this.#upstreamFull = false;
    upstream?.destroy();
  }

  #tunnel(): void {
    this.#state = 'tunnel';
    this.#giveBackPlace();
    this.#send(this.#pending);
    this.#pending = Buffer.alloc(0);
    this.#flow();
  }

  #upstreamClosed(upstream: net.Socket): void {
    if (upstream !== this.#upstream) return;
    this.#upstream = null;
    // Idle (or still waiting for admission): the next request opens another connection.
    if (this.#state !== 'exchange' && this.#state !== 'tunnel') return;
    if (this.#state === 'exchange' && this.#answer!.body instanceof BodyUntilClose) {
      this.#giveBackPlace();
      return this.#close();
    }
    if (this.#state === 'exchange' && !this.#answer!.sent) return this.#refuse(new FramingError(502, 'Bad Gateway'));
    this.destroy();
  }

  /** A request the front cannot frame, or workerd gone before answering: a plain answer, then the connection closes. */
  #refuse(error: unknown): void {
    const status = error instanceof FramingError ? error.status : 400;
    const text = error instanceof FramingError ? error.message : 'Bad Request';
    this.#giveBackPlace();
    // As kube-apiserver (Go's HTTP server) answers one: the body is the status line's code and text unless said.
    const body = (error instanceof FramingError && error.body) || `${status} ${text}`;
    this.#client.write(`HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
    this.#close();
  }

  /** Ends the client connection once what was written has gone; drops workerd's. */
  #close(): void {
    this.#state = 'closing';
    this.#client.end();
    this.#dropUpstream();
  }

  #giveBackPlace(): void {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
}
