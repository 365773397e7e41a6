// The TLS byte pipe (src/front/tls-pipe.ts), run as the program it is, in front of a TCP server
// standing in for workerd; and its relay (src/front/relay.ts): workerd's bytes land in one buffer
// shared by every connection, so what the client's side cannot take at once must be copied
// before the next read reuses the buffer.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { build } from 'esbuild';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { relayTo } from '../../src/front/relay.js';

let directory: string;
let pipe: ChildProcess;
let pipePort: number;
let upstream: net.Server;
let serve: (socket: net.Socket) => void = () => {};

beforeAll(async () => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'tls-pipe-'));
  const outfile = path.join(directory, 'tls-pipe.mjs');
  await build({ entryPoints: [path.resolve('src/front/tls-pipe.ts')], bundle: true, format: 'esm', platform: 'node', target: 'node22', outfile, logLevel: 'warning' });
  upstream = net.createServer((socket) => serve(socket));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  pipe = spawn(process.execPath, [outfile, '127.0.0.1', '0', String((upstream.address() as net.AddressInfo).port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  pipePort = await new Promise<number>((resolve) => pipe.stdout!.once('data', (data: Buffer) => resolve(JSON.parse(data.toString()).port)));
});

afterAll(async () => {
  pipe.kill('SIGTERM');
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  rmSync(directory, { recursive: true, force: true });
});

/** 20,000 chunks of differing lengths (40 MB: more than the sockets buffer), each filled with its own byte. */
function chunks(): Buffer[] {
  return Array.from({ length: 20000 }, (_, index) => Buffer.alloc(1 + ((index * 997) % 4000), index % 251));
}

it('relays every byte of workerd\'s answer in order while the client reads slowly', async () => {
  const sent = chunks();
  // Written one at a time, a turn of the event loop apart: each its own read at the pipe, as watch events are.
  serve = (socket) => socket.once('data', async () => {
    for (const chunk of sent) {
      if (!socket.write(chunk)) await new Promise((resolve) => socket.once('drain', resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
    socket.end();
  });
  const received = await new Promise<Buffer>((resolve, reject) => {
    const client = tls.connect({ host: '127.0.0.1', port: pipePort, rejectUnauthorized: false }, () => client.write('GET / HTTP/1.1\r\n\r\n'));
    const parts: Buffer[] = [];
    // Not read for 300 ms: the pipe's writes to the client queue up meanwhile.
    client.pause();
    setTimeout(() => client.resume(), 300);
    client.on('data', (chunk: Buffer) => parts.push(chunk));
    client.on('end', () => resolve(Buffer.concat(parts)));
    client.on('error', reject);
  });
  const expected = Buffer.concat(sent);
  expect(received.length).toBe(expected.length);
  expect(received.equals(expected)).toBe(true);
});

it('copies a chunk the client\'s side holds while the shared buffer is read into again', async () => {
  const received: Buffer[] = [];
  // A slow client: each write completes 1 ms later, so chunks queue in the stream meanwhile.
  const client = new Writable({ highWaterMark: 1 << 20, write: (chunk: Buffer, _, done) => { received.push(Buffer.from(chunk)); setTimeout(done, 1); } });
  let resumed = 0;
  const relay = relayTo(client, () => { resumed += 1; });
  const shared = Buffer.alloc(64);
  const sent = chunks().slice(0, 200).map((chunk) => chunk.subarray(0, 1 + (chunk.length % 64)));
  for (const chunk of sent) {
    chunk.copy(shared);
    expect(relay(chunk.length, shared)).toBe(true);
  }
  await new Promise((resolve) => client.end(resolve));
  expect(Buffer.concat(received).equals(Buffer.concat(sent))).toBe(true);
  expect(resumed).toBe(0);
});

it('pauses reading while the client\'s side is full and resumes once it drained', async () => {
  const client = new Writable({ highWaterMark: 100, write: (_chunk, _, done) => setTimeout(done, 1) });
  let resumed = 0;
  const relay = relayTo(client, () => { resumed += 1; });
  expect(relay(150, Buffer.alloc(150))).toBe(false);
  await new Promise((resolve) => client.once('drain', resolve));
  expect(resumed).toBe(1);
});
