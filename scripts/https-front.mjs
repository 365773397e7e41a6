// An HTTPS front for the local server that keeps client connections open while they are idle.
// workerd's HTTP server (kj) closes a keep-alive connection 5 s after its last response; a
// client that sends its next request right then (kubectl drain retries evictions every 5 s)
// loses it with EOF, and POSTs are not retried. kube-apiserver keeps idle connections open, so
// the front does too: it terminates TLS and forwards each request to workerd over plain HTTP on
// a connection pool that drops its own idle connections after 3 s, before workerd would.
// The certificate is a self-signed one for localhost and 127.0.0.1 (valid 2020-2120), like the
// one Miniflare embeds; it protects nothing but loopback traffic.
import http from 'node:http';
import https from 'node:https';

const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgR+PArRMSo+WL5E3n
bKjH+gNqi5DxQ8ycZ6nQIz8AMH+hRANCAAQSGv283MuklDpPEEfKk2ixhxwDof/m
VUANiVBzVYTQv0IHaJBB1Qz0uehQdkwDLtr2VZZRpdNuxewXfkZC0/+a
-----END PRIVATE KEY-----
`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBXDCCAQKgAwIBAgIUUq6GXxhIaMbw6S9nvFZHJgBn/KEwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAx
MDAwMDAwWjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAQSGv283MuklDpPEEfKk2ixhxwDof/mVUANiVBzVYTQv0IHaJBB1Qz0
uehQdkwDLtr2VZZRpdNuxewXfkZC0/+aozAwLjAsBgNVHREEJTAjgglsb2NhbGhv
c3SHBH8AAAGHEAAAAAAAAAAAAAAAAAAAAAEwCgYIKoZIzj0EAwIDSAAwRQIgQzEU
2ctaaNJx8fhNTOukAod40JENw95KtFTN+RqBfJgCIQCfqsRyVaefEuohCuZfHu6M
4l0Tb8NxU7gZ8RLcZIk1Tg==
-----END CERTIFICATE-----
`;

/** Hop-by-hop headers a proxy must not forward (RFC 9110 7.6.1). */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

/** Serves HTTPS on `host`:`port` (0: any free port) in front of the plain HTTP server at `target`; resolves with { url, close }. */
export async function startHttpsFront({ target, host = '127.0.0.1', port = 0 }) {
  const backend = new URL(target);
  const agent = new http.Agent({ keepAlive: true, timeout: 3000, maxSockets: 256 });
  const server = https.createServer({ key: KEY, cert: CERT }, (request, response) => forward(request, response, backend, agent));
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
