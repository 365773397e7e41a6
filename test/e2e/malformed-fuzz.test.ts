/**
 * A seeded fuzz run of malformed requests (malformed-requests.ts: mangled methods, paths,
 * queries, headers, credentials and bodies around requests that name a scope) against a local
 * server as `npm start` runs it: none may be answered with a 5xx (501 for a method the HTTP layer does not know aside),
 * have its connection reset, hang past 20 s, or change a canary of the default plane or the
 * tenant. Each failing case is written to reports/scope-fuzz/ (gitignored) as a reproducer: the
 * exact request bytes and what came back; the failure names the files. A fixed seed and count
 * run here (SCOPE_FUZZ_RUNS, SCOPE_FUZZ_SEED change them; `npm run fuzz:scope` runs longer).
 */
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRequest, type RawAnswer } from '../../scripts/scope/raw-request.mjs';
import { seed } from '../../scripts/scope/seed.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { malformedRequests } from './malformed-requests.js';
import { type Plane, scopeTenant, seededPlanes, snapshotPlanes } from './scope-planes.js';
import { canaryNamespaces, targetNamespace, type ScopedRequest } from './scope-requests.js';
import { startTestServer, type TestServer } from './test-server.js';
import { pool } from './waiting.js';

const runs = Number(process.env.SCOPE_FUZZ_RUNS ?? 400);
const seedOfRun = Number(process.env.SCOPE_FUZZ_SEED ?? 32);
const batchSize = 24;
const reproducers = path.resolve('reports/scope-fuzz');

let server: TestServer;
let planes: Plane[];

// A server of its own behind the HTTPS front `npm start` runs (the suites' shared one has a bare
// TLS pipe): workerd fails request targets it cannot parse with a 500, which the front answers as
// kube-apiserver does.
beforeAll(async () => {
  server = await startTestServer({ front: true });
  planes = await seededPlanes(server.url, [...canaryNamespaces, targetNamespace]);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

interface Failure {
  index: number;
  request: ScopedRequest;
  answer: RawAnswer;
  problems: string[];
}

/** What is wrong with an answer: a 5xx, a reset, no answer in time. */
function problemsOf(request: ScopedRequest, answer: RawAnswer): string[] {
  if (answer.outcome === 'reset') return ['the connection was reset before an answer'];
  if (answer.outcome === 'timeout') return ['no answer in 20 s'];
  return answer.status >= 500 && !notImplemented(request, answer) ? [`server error ${answer.status}`] : [];
}

/** 501 is HTTP's answer to a method it does not know (workerd's), and Go's to a transfer coding it does not take (kube-apiserver's). */
function notImplemented(request: ScopedRequest, answer: RawAnswer): boolean {
  if (answer.status !== 501) return false;
  const unknownMethod = !['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(request.method);
  return unknownMethod || answer.body === 'Unsupported transfer encoding';
}

function send(request: ScopedRequest): Promise<RawAnswer> {
  return rawRequest(server.url, { ...request, timeoutMillis: 20_000 });
}

/** Writes one reproducer file and returns its path. */
function saveReproducer(failure: Failure): string {
  mkdirSync(reproducers, { recursive: true });
  const file = path.join(reproducers, `seed-${seedOfRun}-case-${failure.index}.json`);
  const { request, answer } = failure;
  writeFileSync(file, `${JSON.stringify({
    seed: seedOfRun, case: failure.index, problems: failure.problems,
    replay: `node scripts/scope/replay.mjs ${path.relative(process.cwd(), file)} https://HOST:PORT [TOKEN]`,
    request: { method: request.method, target: request.target, headers: request.headers, ...(request.body === undefined ? {} : { body: Buffer.from(request.body).toString('base64') }), ...(request.idleMillis ? { idleMillis: request.idleMillis } : {}) },
    answer: { outcome: answer.outcome, status: answer.status, headers: answer.headers, body: answer.body.slice(0, 2000) },
  }, null, 1)}\n`);
  return file;
}

/** The canaries now, seeded again if any is missing (after a failure). */
async function canaries(): Promise<string[]> {
  const lines = await snapshotPlanes(planes, canaryNamespaces);
  if (lines.length === 2 * canaryNamespaces.length * 7) return lines;
  for (const plane of planes) await seed(plane.url, adminToken, canaryNamespaces);
  return snapshotPlanes(planes, canaryNamespaces);
}

/** Replays a batch's writes one at a time to find which changed a canary (the whole batch fails if none does again). */
async function canaryBreakers(batch: { index: number; request: ScopedRequest }[], what: string): Promise<Failure[]> {
  const found: Failure[] = [];
  for (const { index, request } of batch.filter(({ request }) => request.method !== 'GET')) {
    const before = await canaries();
    const answer = await send(request);
    const after = await snapshotPlanes(planes, canaryNamespaces);
    const changed = before.filter((line) => !after.includes(line));
    if (changed.length) found.push({ index, request, answer, problems: changed.map((line) => `changed canary ${line}`) });
  }
  if (found.length) return found;
  const [first] = batch;
  const problem = `the batch of cases ${first!.index}..${first!.index + batch.length - 1} ${what} a canary; no single case does again`;
  return [{ ...first!, answer: { outcome: 'answered', status: 0, headers: {}, body: '' }, problems: [problem] }];
}

describe('malformed requests get no 5xx, reset or hang and change nothing outside their scope', () => {
  it(`holds for ${runs} fuzzed requests (seed ${seedOfRun})`, async () => {
    const requests = fc.sample(malformedRequests(scopeTenant), { seed: seedOfRun, numRuns: runs }).map((request, index) => ({ index, request }));
    const failures: Failure[] = [];
    for (let start = 0; start < requests.length; start += batchSize) {
      const batch = requests.slice(start, start + batchSize);
      const before = await canaries();
      await pool(batch, 8, async ({ index, request }) => {
        const answer = await send(request);
        const problems = problemsOf(request, answer);
        if (problems.length) failures.push({ index, request, answer, problems });
      });
      const after = await snapshotPlanes(planes, canaryNamespaces);
      if (after.join('\n') !== before.join('\n')) failures.push(...await canaryBreakers(batch, after.length < before.length ? 'removed' : 'changed'));
    }
    const files = failures.sort((a, b) => a.index - b.index).map((failure) => `${saveReproducer(failure)}: ${failure.problems.join('; ')}\n  ${failure.request.description.replaceAll('\n', '\n  ')}`);
    expect(files.join('\n')).toBe('');
  }, Math.max(600_000, runs * 1000));
});
