// The front's side of a request's timeline (src/front/timeline.ts): with FRONT_TIMELINE set before
// the front is loaded, a request carrying `edge-timeline` is written as one JSON line once its
// answer ended, with the server's marks from the answer's header; other requests are not.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const directory = mkdtempSync(path.join(os.tmpdir(), 'front-timeline-'));
const file = path.join(directory, 'front.jsonl');
let backend: http.Server;
let front: { url: string; close(): Promise<void> };

beforeAll(async () => {
  backend = http.createServer((request, response) => {
    const timed = request.headers['edge-timeline'] !== undefined;
    response.writeHead(200, { 'content-type': 'text/plain', ...(timed ? { 'edge-timeline': 'worker=1;storage get=2-3;response=4' } : {}) }).end('ok');
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  process.env.FRONT_TIMELINE = file;
  const { startHttpsFront } = await import('../../src/front/https-front.js');
  front = await startHttpsFront({ target: `http://127.0.0.1:${(backend.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await front.close();
  await new Promise((resolve) => backend.close(resolve));
  delete process.env.FRONT_TIMELINE;
  rmSync(directory, { recursive: true, force: true });
});

const get = (headers: Record<string, string>) => new Promise<string>((resolve, reject) => {
  https.get(`${front.url}/api/v1/namespaces/a/configmaps/b`, { headers, rejectUnauthorized: false, agent: false }, (response) => {
    let text = '';
    response.on('data', (chunk) => { text += chunk; }).on('end', () => resolve(text));
  }).on('error', reject);
});

it('records a timed request\'s marks and the server\'s, in order, and nothing of others', async () => {
  await get({});
  await get({ 'edge-timeline': '7' });
  await new Promise((resolve) => setTimeout(resolve, 100));
  const lines = readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  expect(lines).toHaveLength(1);
  const [marks] = lines;
  expect(marks).toMatchObject({ id: '7', server: 'worker=1;storage get=2-3;response=4' });
  expect(marks.arrived).toBeLessThanOrEqual(marks.admitted);
  expect(marks.admitted).toBeLessThanOrEqual(marks.answered);
  expect(marks.answered).toBeLessThanOrEqual(marks.ended);
  expect(Math.abs(marks.arrived - Date.now())).toBeLessThan(10_000);
});
