// An HTTPS front for the local server that keeps client connections open while they are idle.
// workerd's HTTP server (kj) closes a keep-alive connection 5 s after its last response; a
// client that sends its next request right then (kubectl drain retries evictions every 5 s)
// loses it with EOF, and POSTs are not retried. kube-apiserver keeps idle connections open, so
// the front does too: it terminates TLS and forwards each request to workerd over plain HTTP on
// a connection pool that drops its own idle connections after 3 s, before workerd would.
// Requests other than long-running ones are admitted a few at a time (FRONT_IN_FLIGHT, default 8),
// fairly between flows (scripts/front-admission.mjs): workerd's one thread, when saturated, starves
// some connections for seconds. The certificate is scripts/self-signed.mjs's, for localhost and
// 127.0.0.1; it protects nothing but loopback traffic. Run as a script it serves in a process of
// its own (as scripts/server.mjs starts it, so that it shares no thread with the test runner or
// benchmark that started the server): prints `{"port":N}` once listening; exits when its standard
// input closes or on SIGTERM.
//   node scripts/https-front.mjs HOST PORT TARGET_URL
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { Admission, exempt, flowOf, longRunning } from './front-admission.mjs';
import { selfSignedCertificate } from './self-signed.mjs';

/** Hop-by-hop headers a proxy must not forward (RFC 9110 7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** `headers` (a parsed message's) without the hop-by-hop ones. */
function endToEnd(headers) {
  const kept = {};
  for (const [name, value] of Object.entries(headers)) if (!hopByHop.has(name)) kept[name] = value;
  return kept;
}

/** Serves HTTPS on `host`:`port` (0: any free port) in front of the plain HTTP server at `target`; resolves with { url, close }. */
export async function startHttpsFront({ target, host = '127.0.0.1', port = 0, inFlight = Number(process.env.FRONT_IN_FLIGHT ?? 8) }) {
  const backend = new URL(target);
  const agent = new http.Agent({ keepAlive: true, timeout: 3000 });
  const admission = new Admission(inFlight);
  const server = https.createServer(selfSignedCertificate(), (request, response) => {
    if (longRunning(request)) streamThrough(request, backend);
    else if (exempt(request)) forward(request, response, backend, agent, () => {});
    else admission.admit(flowOf(request), (done) => forward(request, response, backend, agent, done));
  });
  server.keepAliveTimeout = 0;
  server.requestTimeout = 0;
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address();
  return {
    url: `https://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    /** Stops listening and drops every connection (open watches included); resolves within 2 s. */
    close: () => new Promise((resolve) => {
      const timer = setTimeout(resolve, 2000);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      server.closeAllConnections();
      agent.destroy();
    }),
  };
}

/** Forwards `request` to workerd and its answer back; calls `done` once the exchange is over (either way). */
function forward(request, response, backend, agent, done) {
  // A client that left while its request waited: nothing to forward.
  if (response.destroyed) return done();
  const headers = endToEnd(request.headers);
  const upstream = http.request({ host: backend.hostname, port: backend.port, method: request.method, path: request.url, headers, agent }, (answer) => {
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
    // A streamed answer's head goes out at once; a sized one's with its body, in one write.
    if (answer.headers['content-length'] === undefined) response.flushHeaders();
    answer.pipe(response);
    answer.on('error', () => response.destroy());
    answer.on('close', done);
  });
  // Without an answer (workerd unreachable, the client gone), the exchange is over when this closes.
  upstream.on('close', done);
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' }).end('bad gateway');
    else response.destroy();
  });
  // A client that goes away (a watch ending) ends the upstream request too.
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy();
  });
  request.pipe(upstream);
}

/**
 * A long-running request (a watch, a followed log) on a connection of its own to workerd, whose
 * answer goes to the client byte for byte, as workerd frames it: no parsing and re-framing of
 * every event. The client's connection closes with the stream (`connection: close`).
 */
function streamThrough(request, backend) {
  const client = request.socket;
  const upstream = net.connect({ host: backend.hostname, port: Number(backend.port), noDelay: true });
  // The request goes without a body (a GET's has no meaning): workerd must not wait for one.
  const head = [`${request.method} ${request.url} HTTP/1.1`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i].toLowerCase();
    if (!hopByHop.has(name) && name !== 'content-length') head.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
  }
  upstream.write(`${head.join('\r\n')}\r\nconnection: close\r\n\r\n`);
  // The answer's head says `connection: close` too, or the client would send its next request on
  // this connection, where the front's HTTP server would hold it behind the stream forever.
  let answer = Buffer.alloc(0);
  let piped = false;
  const readHead = (chunk) => {
    answer = Buffer.concat([answer, chunk]);
    const end = answer.indexOf('\r\n\r\n');
    if (end < 0) return;
    upstream.off('data', readHead);
    const [status, ...rest] = answer.subarray(0, end).toString('latin1').split('\r\n');
    // The body goes through as framed (chunked): only the connection's own fields change.
    const kept = rest.filter((line) => !/^(connection|keep-alive|proxy-connection)\s*:/i.test(line));
    client.write(`${[status, ...kept].join('\r\n')}\r\nconnection: close\r\n\r\n`, 'latin1');
    client.write(answer.subarray(end + 4));
    piped = true;
    upstream.pipe(client);
  };
  upstream.on('data', readHead);
  upstream.on('error', () => client.destroy());
  upstream.on('close', () => piped || client.destroy());
  client.on('close', () => upstream.destroy());
}


if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [host, port, target] = process.argv.slice(2);
  const front = await startHttpsFront({ target, host, port: Number(port) });
  process.stdout.write(`${JSON.stringify({ port: Number(new URL(front.url).port) })}\n`);
  process.stdin.on('end', () => process.exit(0)).resume();
  process.on('SIGTERM', () => process.exit(0));
}
