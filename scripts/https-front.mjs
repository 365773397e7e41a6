// An HTTPS front for the local server that keeps client connections open while they are idle.
// workerd's HTTP server (kj) closes a keep-alive connection 5 s after its last response; a
// client that sends its next request right then (kubectl drain retries evictions every 5 s)
// loses it with EOF, and POSTs are not retried. kube-apiserver keeps idle connections open, so
// the front does too: it terminates TLS and forwards each request to workerd over plain HTTP on
// a connection pool that drops its own idle connections after 3 s, before workerd would.
// The certificate is scripts/self-signed.mjs's, for localhost and 127.0.0.1; it protects nothing
// but loopback traffic. Run as a script it serves in a process of its own (as scripts/server.mjs
// starts it, so that it shares no thread with the test runner or benchmark that started the
// server): prints `{"port":N}` once listening; exits when its standard input closes or on SIGTERM.
//   node scripts/https-front.mjs HOST PORT TARGET_URL
import http from 'node:http';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import { selfSignedCertificate } from './self-signed.mjs';

/** Hop-by-hop headers a proxy must not forward (RFC 9110 7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** Serves HTTPS on `host`:`port` (0: any free port) in front of the plain HTTP server at `target`; resolves with { url, close }. */
export async function startHttpsFront({ target, host = '127.0.0.1', port = 0 }) {
  const backend = new URL(target);
  const agent = new http.Agent({ keepAlive: true, timeout: 3000, maxSockets: 256 });
  const server = https.createServer(selfSignedCertificate(), (request, response) => forward(request, response, backend, agent));
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

function forward(request, response, backend, agent) {
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) if (!hopByHop.has(name)) headers[name] = value;
  const upstream = http.request({ host: backend.hostname, port: backend.port, method: request.method, path: request.url, headers, agent }, (answer) => {
    const out = {};
    for (const [name, value] of Object.entries(answer.headers)) if (!hopByHop.has(name)) out[name] = value;
    response.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
    response.flushHeaders();
    answer.pipe(response);
    answer.on('error', () => response.destroy());
  });
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [host, port, target] = process.argv.slice(2);
  const front = await startHttpsFront({ target, host, port: Number(port) });
  process.stdout.write(`${JSON.stringify({ port: Number(new URL(front.url).port) })}\n`);
  process.stdin.on('end', () => process.exit(0)).resume();
  process.on('SIGTERM', () => process.exit(0));
}
