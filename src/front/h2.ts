// HTTP/2 clients of the local HTTPS front (https-front.ts). client-go (kube-controller-
// manager, kube-scheduler, kubectl) and curl negotiate h2 when the server offers it, as
// kube-apiserver does, and then send everything, watches included, on one connection. Over
// HTTP/1.1 the same clients open a connection per concurrent request and close those beyond their
// idle pool (client-go keeps 25): a Deployment rollout of 1,000 Pods cost 1,685 TLS handshakes,
// about 1 ms of the front's CPU each, more than half of all it spent. Each stream is forwarded to
// workerd over HTTP/1.1 (a keep-alive pool whose idle connections close after 3 s, before workerd
// drops them at 5 s), through the same admission as HTTP/1.1 requests.
import http from 'node:http';
import http2 from 'node:http2';
import type net from 'node:net';
import { type Admission, admissionOf } from './admission.js';
import type { Upstream } from './connection.js';

/** Headers that belong to one HTTP/1.1 connection, and HTTP/2's pseudo-headers: not forwarded (Host is set from :authority). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'http2-settings', 'host']);

/** `headers` without the hop-by-hop ones and pseudo-headers. */
function endToEnd(headers: http.IncomingHttpHeaders | http2.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!hopByHop.has(name) && name[0] !== ':') kept[name] = value;
  return kept;
}

/**
 * An HTTP/2 server for TLS sockets that negotiated h2 (`accept(socket)`), forwarding to `backend`
 * ({ host, port }) with `admission`; `close()` drops its sessions and pooled connections.
 */
export function h2Front(backend: Upstream, admission: Admission): { accept(socket: net.Socket): void; close(): void } {
  const agent = new http.Agent({ keepAlive: true, timeout: 3000 });
  const sessions = new Set<http2.ServerHttp2Session>();
  const server = http2.createServer((request, response) => {
    request.on('error', () => {});
    const message = { method: request.method, url: request.url, headers: { host: request.authority, ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}) } };
    const admitted = admissionOf(message);
    if (admitted.atOnce) forward(request, response, backend, agent, () => {});
    else admission.admit(admitted.flow, (done) => forward(request, response, backend, agent, done));
  });
  server.on('session', (session) => {
    sessions.add(session);
    session.on('error', () => {});
    session.on('close', () => sessions.delete(session));
  });
  return {
    accept: (socket) => server.emit('connection', socket),
    close: () => {
      for (const session of sessions) session.destroy();
      agent.destroy();
    },
  };
}

/** Forwards one stream to workerd and its answer back; calls `done` once the exchange is over (either way). */
function forward(request: http2.Http2ServerRequest, response: http2.Http2ServerResponse, backend: Upstream, agent: http.Agent, done: () => void): void {
  // A client that cancelled its stream while it waited: nothing to forward.
  if (response.stream.destroyed) return done();
  const headers = { ...endToEnd(request.headers), host: request.authority ?? backend.host };
  let answered = false;
  const upstream = http.request({ ...backend, method: request.method, path: request.url, headers, agent }, (answer) => {
    answer.on('end', () => (answered = true));
    response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
    // A streamed answer's (a watch's) head goes out at once, before its first event.
    // (Node's compatibility response has flushHeaders, which its types do not declare.)
    if (answer.headers['content-length'] === undefined) (response as unknown as { flushHeaders(): void }).flushHeaders();
    answer.pipe(response);
    answer.on('error', () => response.stream.destroy());
    answer.on('close', done);
  });
  // Without an answer (workerd unreachable, the client gone), the exchange is over when this closes.
  upstream.on('close', done);
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    else response.stream.destroy();
  });
  // A client that cancels its stream or goes away (a watch ending) ends the upstream request too.
  // (HTTP/2's compatibility response reports writableFinished once its stream closed either way.)
  response.on('close', () => {
    if (!answered) upstream.destroy();
  });
  request.pipe(upstream);
}
