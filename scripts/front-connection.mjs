// One client connection of the local HTTPS front (scripts/https-front.mjs), passed through byte for
// byte on one connection to workerd. The front reads only where each request and answer ends
// (scripts/http-framing.mjs): a request's head waits in the front until the admission lets it in
// (scripts/front-admission.mjs; long-running requests and Leases go at once), then the request and
// its answer flow through unchanged, and the connection's next request is read when the answer has
// ended. A protocol upgrade (101) turns the connection into a tunnel. The connection to workerd is
// closed after 3 s without a request, before workerd's own 5 s idle limit could drop a request sent
// on it; the next request opens another.
import net from 'node:net';
import { exempt, flowOf, longRunning } from './front-admission.mjs';
import { BodyUntilClose, FramingError, SizedBody, bodyOf, closes, parseHead, requestLine, statusOf } from './http-framing.mjs';

const upstreamIdleMs = 3000;
/** Client bytes held beyond the request being forwarded (a pipelined request) before reading pauses. */
const maxPendingBytes = 1 << 20;

export class FrontConnection {
  #client;
  #target;
  #admission;
  /** Client bytes not forwarded yet: the head being read, body bytes waiting, the next request. */
  #pending = Buffer.alloc(0);
  /** head (reading a request), admitting, exchange, tunnel, closing (ends once written), closed. */
  #state = 'head';
  /** The request under way: { method, headLength, body, closeAfter }. */
  #request = null;
  /** Its answer as read so far: { head (bytes of an incomplete head), body, closeAfter, sent }. */
  #answer = null;
  #upstream = null;
  #upstreamFull = false;
  #clientFull = false;
  #reading = true;
  #release = null;
  #idle = null;

  constructor(client, target, admission) {
    this.#client = client;
    this.#target = target;
    this.#admission = admission;
    client.on('data', (chunk) => this.#fromClient(chunk));
    client.on('error', () => this.destroy());
    client.on('close', () => this.destroy());
  }

  /** Drops both connections (an open watch included) and gives back the admission place. */
  destroy() {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#giveBackPlace();
    clearTimeout(this.#idle);
    this.#client.destroy();
    this.#upstream?.destroy();
  }

  #fromClient(chunk) {
    if (this.#state === 'tunnel') return this.#send(chunk);
    if (this.#state === 'closing' || this.#state === 'closed') return;
    this.#pending = this.#pending.length ? Buffer.concat([this.#pending, chunk]) : chunk;
    if (this.#state === 'head') this.#nextRequest();
    else if (this.#state === 'exchange') this.#forwardBody();
    this.#flow();
  }

  /** Reads the next request's head from the pending bytes; once whole, asks for admission. */
  #nextRequest() {
    let head;
    let request;
    try {
      head = parseHead(this.#pending);
      if (!head) return;
      request = { ...requestLine(head.startLine), headers: head.headers };
      this.#request = { method: request.method, headLength: head.length, body: bodyOf(head.headers, false), closeAfter: closes(head.headers, request.version) };
    } catch (error) {
      return this.#refuse(error);
    }
    this.#state = 'admitting';
    if (longRunning(request) || exempt(request)) this.#start(() => {});
    else this.#admission.admit(flowOf(request), (done) => this.#start(done));
  }

  /** Admitted: the head and what came of the body go to workerd; `done` frees the place. */
  #start(done) {
    if (this.#state !== 'admitting') return done();
    this.#release = done;
    this.#state = 'exchange';
    this.#answer = { head: null, body: null, closeAfter: false, sent: false };
    this.#connect();
    // The head and what came of the body in one write: most requests go to workerd in one syscall.
    this.#forwardBody(this.#request.headLength);
    this.#flow();
  }

  /**
   * The request body's bytes among the pending ones go on (after the `from` bytes of its head);
   * what follows the body stays for later.
   */
  #forwardBody(from = 0) {
    const { body } = this.#request;
    let taken = 0;
    try {
      if (!body.done) taken = body.take(this.#pending, from);
    } catch {
      return this.destroy();
    }
    this.#send(this.#pending.subarray(0, from + taken));
    this.#pending = this.#pending.subarray(from + taken);
  }

  #send(bytes) {
    if (!bytes.length || !this.#upstream) return;
    if (this.#upstream.write(bytes) || this.#upstreamFull) return;
    this.#upstreamFull = true;
    this.#upstream.once('drain', () => {
      this.#upstreamFull = false;
      this.#flow();
    });
  }

  /** Reads from the client unless bytes pile up: a pipelined request, or workerd not taking a body. */
  #flow() {
    const reading = this.#pending.length <= maxPendingBytes && !this.#upstreamFull;
    if (this.#state === 'closed' || reading === this.#reading) return;
    this.#reading = reading;
    if (reading) this.#client.resume();
    else this.#client.pause();
  }

  #connect() {
    clearTimeout(this.#idle);
    if (this.#upstream) return;
    const upstream = net.connect({ ...this.#target, noDelay: true });
    upstream.on('data', (chunk) => this.#fromUpstream(upstream, chunk));
    upstream.on('error', () => {});
    upstream.on('close', () => this.#upstreamClosed(upstream));
    this.#upstream = upstream;
  }

  /** Answer bytes go to the client as they come; the framing tells when the answer has ended. */
  #fromUpstream(upstream, chunk) {
    if (upstream !== this.#upstream) return;
    if (this.#state !== 'exchange' && this.#state !== 'tunnel') return upstream.destroy();
    if (!this.#client.write(chunk) && !this.#clientFull) {
      this.#clientFull = true;
      upstream.pause();
      this.#client.once('drain', () => {
        this.#clientFull = false;
        upstream.resume();
      });
    }
    if (this.#state === 'exchange') {
      this.#answer.sent = true;
      try {
        this.#readAnswer(chunk);
      } catch {
        this.destroy();
      }
    }
  }

  #readAnswer(chunk) {
    const answer = this.#answer;
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
        answer.body = this.#request.method === 'HEAD' || status === 204 || status === 304 ? new SizedBody(0) : bodyOf(head.headers, true);
      }
      at += answer.body.take(chunk, at);
      if (answer.body.done) return this.#endExchange();
    }
  }

  /** The answer has ended: the place is given back, and the connection's next request is read. */
  #endExchange() {
    this.#giveBackPlace();
    const closeAfter = this.#request.closeAfter || this.#answer.closeAfter || !this.#request.body.done;
    this.#request = null;
    this.#answer = null;
    if (closeAfter) return this.#close();
    this.#state = 'head';
    this.#idle = setTimeout(() => this.#dropUpstream(), upstreamIdleMs);
    this.#nextRequest();
    this.#flow();
  }

  #dropUpstream() {
    const upstream = this.#upstream;
    this.#upstream = null;
    this.#upstreamFull = false;
    upstream?.destroy();
  }

  #tunnel() {
    this.#state = 'tunnel';
    this.#giveBackPlace();
    this.#send(this.#pending);
    this.#pending = Buffer.alloc(0);
    this.#flow();
  }

  #upstreamClosed(upstream) {
    if (upstream !== this.#upstream) return;
    this.#upstream = null;
    // Idle (or still waiting for admission): the next request opens another connection.
    if (this.#state !== 'exchange' && this.#state !== 'tunnel') return;
    if (this.#state === 'exchange' && this.#answer.body instanceof BodyUntilClose) {
      this.#giveBackPlace();
      return this.#close();
    }
    if (this.#state === 'exchange' && !this.#answer.sent) return this.#refuse(new FramingError(502, 'Bad Gateway'));
    this.destroy();
  }

  /** A request the front cannot frame, or workerd gone before answering: a plain answer, then the connection closes. */
  #refuse(error) {
    const status = error instanceof FramingError ? error.status : 400;
    const text = error instanceof FramingError ? error.message : 'Bad Request';
    this.#giveBackPlace();
    // As kube-apiserver (Go's HTTP server) answers one: the body is the status line's code and text unless said.
    const body = (error instanceof FramingError && error.body) || `${status} ${text}`;
    this.#client.write(`HTTP/1.1 ${status} ${text}\r\ncontent-type: text/plain; charset=utf-8\r\ncontent-length: ${body.length}\r\nconnection: close\r\n\r\n${body}`);
    this.#close();
  }

  /** Ends the client connection once what was written has gone; drops workerd's. */
  #close() {
    this.#state = 'closing';
    this.#client.end();
    this.#dropUpstream();
  }

  #giveBackPlace() {
    const release = this.#release;
    this.#release = null;
    release?.();
  }
}
