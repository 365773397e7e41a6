// The local server's TLS front, in a process of its own: a TLS listener on HOST:PORT whose
// connections are piped, decrypted, to workerd's direct socket on 127.0.0.1:TARGET (a byte pipe:
// nothing is parsed or buffered). In its own process so that TLS for many clients does not share
// a thread with whoever started the server (a benchmark's load generator, a test runner), as
// kube-apiserver terminates TLS on its own cores. Prints `{"port":N}` once listening; exits when
// its standard input closes (the parent is gone) or on SIGTERM.
//   node .wrangler/bundle/front/tls-pipe.mjs HOST PORT TARGET (scripts/server.mjs bundles it)
// workerd's answers are many small chunks (a watch event each, to each watcher): they are relayed
// without a Buffer or stream machinery per chunk (relay.ts).
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import tls from 'node:tls';
import { relayTo, sharedReadBuffer } from './relay.js';
import { selfSignedCertificate } from './self-signed.js';

const [host = '127.0.0.1', port = '0', target = ''] = process.argv.slice(2);

// No Nagle on either leg: a small answer held for the peer's delayed ACK costs 40 ms a request.
const server = tls.createServer({ ...selfSignedCertificate(), noDelay: true }, (client) => {
  const onread = { buffer: sharedReadBuffer, callback: relayTo(client, () => upstream.resume()) };
  const upstream = net.connect({ port: Number(target), host: '127.0.0.1', noDelay: true, onread });
  const close = () => {
    client.destroy();
    upstream.destroy();
  };
  client.on('error', close).on('close', close);
  upstream.on('error', close).on('close', close);
  client.pipe(upstream);
});

server.listen(Number(port), host, () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`));
process.stdin.on('end', () => process.exit(0)).resume();
process.on('SIGTERM', () => process.exit(0));
