// An HTTPS front for the local server: it terminates TLS, admits requests into workerd a few at a
// time, and keeps client connections open while they are idle.
// - Admission: requests other than long-running ones are admitted a few at a time (FRONT_IN_FLIGHT,
//   default 8), fairly between flows (admission.ts): workerd's one thread, when
//   saturated, starves some connections for seconds.
// - Idle connections: workerd's HTTP server (kj) closes a keep-alive connection 5 s after its last
//   response; a client that sends its next request right then (kubectl drain retries evictions
//   every 5 s) loses it with EOF, and POSTs are not retried. kube-apiserver keeps idle connections
//   open, so the front does too, and closes its own connection to workerd after 3 s idle, before
//   workerd would, opening a new one for the client's next request.
// - Bytes pass through unchanged, each client connection on one connection to workerd: the front
//   only finds where each request and answer ends (http-framing.ts), so that it can hold
//   a connection's next request until it is admitted. Parsing and re-encoding every message in
//   Node's HTTP server and client cost twice the CPU of the bytes' TLS (measured: 226-261 against
//   117-133 us a request under the mixed load at 16 clients).
// - HTTP/2 for the clients that negotiate it (client-go, kubectl, curl), as kube-apiserver offers it:
//   one connection for all of a client's requests instead of one TLS handshake per burst
//   (h2.ts).
// The certificate is self-signed.ts's, for localhost and 127.0.0.1; it protects nothing but
// loopback traffic. Run as a program it serves in a process of its own (as scripts/server.mjs
// starts it, bundled with esbuild, so that it shares no thread with the test runner or benchmark
// that started the server): prints `{"port":N}` once listening; exits when its standard input
// closes or on SIGTERM.
//   node .wrangler/bundle/front/https-front.mjs HOST PORT TARGET_URL
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { Admission } from './admission.js';
import { FrontConnection } from './connection.js';
import { h2Front } from './h2.js';
import { selfSignedCertificate } from './self-signed.js';

export interface HttpsFront {
  url: string;
  /** Stops listening and drops every connection (open watches included); resolves within 2 s. */
  close(): Promise<void>;
}

/** Serves HTTPS on `host`:`port` (0: any free port) in front of the plain HTTP server at `target`. */
export async function startHttpsFront({ target, host = '127.0.0.1', port = 0, inFlight = Number(process.env.FRONT_IN_FLIGHT ?? 8) }: {
  target: string;
  host?: string;
  port?: number;
  inFlight?: number;
}): Promise<HttpsFront> {
  const backend = new URL(target);
  const admission = new Admission(inFlight);
  const upstream = { host: backend.hostname, port: Number(backend.port) };
  const h2 = h2Front(upstream, admission);
  const connections = new Set<FrontConnection>();
  // No Nagle on either leg: a small answer held for the peer's delayed ACK costs 40 ms a request.
  const server = tls.createServer({ ...selfSignedCertificate(), noDelay: true, ALPNProtocols: ['h2', 'http/1.1'] }, (client) => {
    if (client.alpnProtocol === 'h2') return h2.accept(client);
    const connection = new FrontConnection(client, upstream, admission);
    connections.add(connection);
    client.on('close', () => connections.delete(connection));
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `https://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () => new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      server.close(() => {
        clearTimeout(timer);
        resolve();
      });
      for (const connection of connections) connection.destroy();
      h2.close();
    }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [host = '127.0.0.1', port = '0', target = ''] = process.argv.slice(2);
  const front = await startHttpsFront({ target, host, port: Number(port) });
  process.stdout.write(`${JSON.stringify({ port: Number(new URL(front.url).port) })}\n`);
  process.stdin.on('end', () => process.exit(0)).resume();
  process.on('SIGTERM', () => process.exit(0));
}
