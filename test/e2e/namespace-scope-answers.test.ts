/**
 * Requests whose namespace segment is empty or odd answer as kube-apiserver v1.32.13 answers them,
 * and none acts outside the namespace it names (issue 32: `DELETE /api/v1/namespaces//configmaps`
 * once emptied every namespace). The questions (scripts/scope/questions.mjs) cover every verb and
 * subresource of a core type, a group's type and a custom type, Pods' and ServiceAccounts'
 * subresources and the Namespace itself, with empty, dot, encoded-dot, encoded-slash, overlong,
 * unicode, upper-case, space, NUL, `*` and missing namespaces; kube's answers are the table
 * reference/golden/kube-v1.32.13-scope/answers.json (`node scripts/scope-probe.mjs`). Each is
 * asked raw (the path as written) of the default plane and of a tenant through `/clusters/NAME`.
 *
 * A path with dot segments (`..`, `%2e%2e`) reaches the Worker resolved: workerd and Cloudflare's
 * edge parse request URLs as WHATWG URLs do, so `namespaces/%2e%2e/configmaps` arrives as
 * `/api/v1/configmaps`. Those questions are held to kube's answer for the path as delivered (the
 * table records both); that kube answers the written form with 500s for `..` namespaces is
 * kube's own (`invalid key`).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, summarize, type AnswerSummary } from '../../scripts/scope/answers.mjs';
import { scopeQuestions, type ScopeQuestion } from '../../scripts/scope/questions.mjs';
import { seededNamespaces } from '../../scripts/scope/seed.mjs';
import { adminToken } from '../helpers/test-users.mjs';
import { type Plane, seededPlanes, snapshotPlanes } from './scope-planes.js';
import { startTestServer, type TestServer } from './test-server.js';
import { pool } from './waiting.js';

interface Recorded {
  answer: AnswerSummary & { changed?: string[] };
  delivered?: { target: string; answer: AnswerSummary & { changed?: string[] } };
}

const table = JSON.parse(readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../reference/golden/kube-v1.32.13-scope/answers.json'), 'utf8')) as { server: string; answers: Record<string, Recorded> };
const questions = scopeQuestions();
/** The questions by what they ask (group and shape), each asked with every namespace segment. */
const shapes = [...questions.reduce((groups, question) => {
  const key = `${question.group} ${question.shape}`;
  groups.set(key, [...(groups.get(key) ?? []), question]);
  return groups;
}, new Map<string, ScopeQuestion[]>())];

/** kube's answer to the question as this server receives it, without what it changed (nothing, in the table). */
function kubeAnswer(question: ScopeQuestion): AnswerSummary {
  const recorded = table.answers[question.id];
  if (!recorded) throw new Error(`no recorded answer for "${question.id}": record the table again (scripts/scope-probe.mjs)`);
  const { changed, ...answer } = recorded.delivered?.answer ?? recorded.answer;
  if (changed) throw new Error(`kube changed seeded objects answering "${question.id}": ${changed.join(', ')}`);
  return answer;
}

// A server of its own: the questions list and watch every namespace, whose size on the suites'
// shared server depends on what ran before (a list of every ConfigMap there outlasted the client's 30 s).
let server: TestServer;
let planes: Plane[];

beforeAll(async () => {
  server = await startTestServer();
  planes = await seededPlanes(server.url, seededNamespaces);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe(`odd namespace segments answer as ${table.server} does and act on nothing outside the namespace`, () => {
  it.each(shapes)('%s', async (_, asked) => {
    // Reads change nothing: the seeded objects are compared around the questions that write.
    const writes = asked.some((question) => question.method !== 'GET');
    const before = writes ? await snapshotPlanes(planes, seededNamespaces) : [];
    const mismatches: string[] = [];
    await pool(planes.flatMap((plane) => asked.map((question) => ({ plane, question }))), 8, async ({ plane, question }) => {
      const got = summarize(await ask(plane.url, adminToken, question));
      const want = kubeAnswer(question);
      if (JSON.stringify(got) !== JSON.stringify(want)) mismatches.push(`${plane.name}: ${question.segment}: ${question.method} ${question.target.slice(0, 120)}\n  kube: ${JSON.stringify(want)}\n  edge: ${JSON.stringify(got)}`);
    });
    expect.soft(mismatches.sort().join('\n')).toBe('');
    if (writes) expect(await snapshotPlanes(planes, seededNamespaces)).toEqual(before);
  });
});
