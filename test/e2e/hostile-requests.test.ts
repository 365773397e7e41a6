/**
 * The server under a barrage of malformed and hostile requests (bad and forged credentials,
 * writes without rights, impersonation, oversized and malformed bodies, hostile names,
 * selectors, options and methods): at least 2,000 of them, each answered below 500 within 30
 * seconds, none leaking internals in its body, and stored data unchanged afterwards. Then the
 * rate limits: a token bucket per user (429 with Retry-After) and a cap on open watches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgedTokens, badAuthorizationHeaders, serviceAccountKey } from './hostile-tokens.js';
import {
  impersonationAttempts, readsAroundTheGrant, seed, seedNamespacePath as ns, rbacPath as rbac, unauthenticatedWrites, unauthorizedWrites, type HostileRequest,
} from './hostile-cases.js';
import { duplicateKeyBodies, malformedJsonBodies, malformedPatches, oversizedBodies, oversizedRows, wrongMediaTypes } from './hostile-malformed.js';
import { hostileNames, hostileReadOptions, hostileWriteOptions, pathTraversal, routesKubeLacks, selectorInjection, unusualMethods } from './hostile-queries.js';
import { authHeaders, startTestServer, type TestServer } from './test-server.js';
import { sendRaw } from './hostile-transport.js';
import { eventually, pool } from './waiting.js';

const requestTimeoutMillis = 30_000;

/** Text in an error body that would be the server's insides, not a Status message. */
const leakMarkers = [/\n\s+at /, /\bat \S+ \(\S+:\d+:\d+\)/, /SQLITE/i, /\bSQL\b/, /TypeError/, /ReferenceError/, /RangeError/, /SyntaxError/, /node_modules/, /\.ts:\d/, /\.js:\d/, /file:\/\//, /Maximum call stack/];

/** Everything the barrage could touch, listed cluster-wide. */
const snapshotLists = [
  '/api/v1/namespaces', '/api/v1/configmaps', '/api/v1/secrets', '/api/v1/serviceaccounts', '/api/v1/pods', '/api/v1/services',
  `${rbac}/roles`, `${rbac}/rolebindings`, `${rbac}/clusterroles`, `${rbac}/clusterrolebindings`,
  '/apis/apiextensions.k8s.io/v1/customresourcedefinitions',
  '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies', '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicybindings',
  '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations', '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
];

interface Outcome {
  request: HostileRequest;
  status: number | 'timeout' | 'network error';
  problems: string[];
}

/** Sends one hostile request (as its user, or with its headers alone) and says what is wrong with its answer. */
async function attempt(server: TestServer, request: HostileRequest): Promise<Outcome> {
  const headers = { ...(request.user ? authHeaders(request.user) : {}), ...request.headers };
  const signal = AbortSignal.timeout(requestTimeoutMillis);
  try {
    const answer = await sendRaw(server.url, request.method, request.path, headers, request.body, signal);
    return { request, status: answer.status, problems: problemsOf(request, answer.status, answer.body) };
  } catch (error) {
    const timedOut = signal.aborted;
    return { request, status: timedOut ? 'timeout' : 'network error', problems: [timedOut ? 'no answer in 30 s' : `request failed: ${String(error)}`] };
  }
}

/** What is wrong with an answer: a 5xx, an unexpected status, leaked internals or data. */
function problemsOf(request: HostileRequest, status: number, body: string): string[] {
  const problems: string[] = [];
  if (status >= 500 && !(request.expect === 'unrecognized method' && status === 501)) problems.push(`server error ${status}`);
  else if (!statusMeets(request.expect, status)) problems.push(`status ${status}, expected ${request.expect}`);
  for (const marker of leakMarkers) if (marker.test(body)) problems.push(`body leaks ${marker}: ${excerpt(body, marker)}`);
  if (request.user !== 'admin' && body.includes(seed.secretValue)) problems.push('a secret value reached a user without rights');
  if (request.emptyIfAnswered && status === 200 && listedItems(body) > 0) problems.push(`selector matched ${listedItems(body)} items`);
  if (request.bodyNames && status === 200 && nameOf(body) !== request.bodyNames) problems.push(`answered ${nameOf(body)}, expected ${request.bodyNames}`);
  return problems;
}

function statusMeets(expectation: HostileRequest['expect'], status: number): boolean {
  if (expectation === 'answered') return status < 500;
  if (expectation === 'refused') return status >= 400 && status < 500;
  if (expectation === 'unrecognized method') return (status >= 400 && status < 500) || status === 501;
  return status === expectation;
}

function listedItems(body: string): number {
  try {
    return (JSON.parse(body) as { items?: unknown[] }).items?.length ?? 0;
  } catch {
    return 0;
  }
}

function nameOf(body: string): string | undefined {
  try {
    return (JSON.parse(body) as { metadata?: { name?: string } }).metadata?.name;
  } catch {
    return undefined;
  }
}

function excerpt(body: string, marker: RegExp): string {
  const at = body.search(marker);
  return JSON.stringify(body.slice(Math.max(0, at - 80), at + 120));
}

/** admin's answer, which must be a success. */
async function adminJson(server: TestServer, method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(server.url + path, {
    method, headers: { ...authHeaders(), 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** The seeded state of the barrage, and a real service account token to forge from. */
async function seedState(server: TestServer): Promise<string> {
  const labels = { app: 'hostile-seed' };
  await adminJson(server, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: seed.namespace } });
  for (const name of seed.configMaps) await adminJson(server, 'POST', `${ns}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, labels }, data: { a: 'seed' } });
  for (const name of seed.secrets) await adminJson(server, 'POST', `${ns}/secrets`, { apiVersion: 'v1', kind: 'Secret', metadata: { name, labels }, data: { password: seed.secretValue } });
  await adminJson(server, 'POST', `${rbac}/namespaces/${seed.namespace}/roles`, {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'configmap-reader' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
  });
  await adminJson(server, 'POST', `${rbac}/namespaces/${seed.namespace}/rolebindings`, {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'alice-reads-configmaps' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmap-reader' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'alice' }],
  });
  await adminJson(server, 'POST', `${ns}/serviceaccounts`, { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'robot' } });
  const review = await adminJson(server, 'POST', `${ns}/serviceaccounts/robot/token`, { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} });
  return review.status.token as string;
}

/** name, uid and resourceVersion of every stored object the barrage could touch. */
async function snapshot(server: TestServer): Promise<string[]> {
  const lines: string[] = [];
  for (const list of snapshotLists) {
    const { items } = await adminJson(server, 'GET', list);
    for (const item of items) lines.push(`${list} ${item.metadata.namespace ?? ''}/${item.metadata.name} ${item.metadata.uid} ${item.metadata.resourceVersion}`);
  }
  return lines.sort();
}

/** Every hostile request, by category. */
function hostileRequests(realToken: string, jwks: { keys: Record<string, unknown>[] }): HostileRequest[] {
  return [
    ...unauthenticatedWrites(badAuthorizationHeaders(), 'bad credentials'),
    ...unauthenticatedWrites(forgedTokens(realToken, jwks), 'forged JWTs'),
    ...unauthorizedWrites(), ...impersonationAttempts(), ...readsAroundTheGrant(),
    ...oversizedBodies(), ...oversizedRows(), ...malformedJsonBodies(), ...duplicateKeyBodies(), ...wrongMediaTypes(), ...malformedPatches(),
    ...hostileNames(), ...pathTraversal(), ...selectorInjection(), ...hostileReadOptions(), ...hostileWriteOptions(), ...unusualMethods(), ...routesKubeLacks(),
  ];
}

/** Counts of `key` over outcomes, as `key: count` lines. */
function histogram(outcomes: Outcome[], key: (outcome: Outcome) => string): string {
  const counts = new Map<string, number>();
  for (const outcome of outcomes) counts.set(key(outcome), (counts.get(key(outcome)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([name, count]) => `  ${name}: ${count}`).join('\n');
}

describe('hostile requests', () => {
  let server: TestServer;
  let realToken: string;
  let before: string[];

  beforeAll(async () => {
    server = await startTestServer({ bindings: { SERVICE_ACCOUNT_KEY: serviceAccountKey } });
    realToken = await seedState(server);
    // Wait for whatever the server writes on its own after the seeding (default accounts, ...).
    let previous: string[] = [];
    await eventually(async () => {
      const current = await snapshot(server);
      const settled = JSON.stringify(current) === JSON.stringify(previous);
      previous = current;
      return settled;
    });
    before = previous;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('answers 2,000+ hostile requests below 500, leaks nothing and changes no stored data', async () => {
    const jwks = await adminJson(server, 'GET', '/openid/v1/jwks');
    const requests = hostileRequests(realToken, jwks);
    const outcomes: Outcome[] = [];
    const started = Date.now();
    await pool(requests, 16, async (request) => {
      outcomes.push(await attempt(server, request));
    });
    const failures = outcomes.filter((outcome) => outcome.problems.length > 0);
    console.log([
      `${outcomes.length} hostile requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      'by category:', histogram(outcomes, (outcome) => outcome.request.category),
      'by status:', histogram(outcomes, (outcome) => String(outcome.status)),
      `${failures.length} failures:`,
      ...failures.map((failure) => `  [${failure.request.category}] ${failure.request.label} (${failure.request.method} ${failure.request.path.slice(0, 160)}): ${failure.problems.join('; ')}`),
    ].join('\n'));

    const after = await snapshot(server);
    const ready = (await fetch(`${server.url}/readyz`)).status;

    expect.soft(outcomes.length).toBeGreaterThanOrEqual(2000);
    expect.soft(failures.map((failure) => `${failure.request.category}: ${failure.request.label}: ${failure.problems.join('; ')}`)).toEqual([]);
    expect.soft(after).toEqual(before);
    expect.soft(ready).toBe(200);
  }, 600_000);
});

/** Opens a watch as `user`; the answer arrives with the headers, the stream stays open until aborted. */
async function openWatch(server: TestServer, user: string): Promise<{ status: number; abort: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/v1/namespaces/default/configmaps?watch=1&timeoutSeconds=60`, { headers: authHeaders(user), signal: controller.signal });
  if (response.status !== 200) await response.body?.cancel();
  return { status: response.status, abort: () => controller.abort() };
}

describe('rate limits', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ bindings: { RATE_LIMIT_QPS: '5', RATE_LIMIT_BURST: '10', WATCH_LIMIT_PER_USER: '2', WATCH_HEARTBEAT_SECONDS: '1' } });
    await adminJson(server, 'POST', `${rbac}/clusterroles`, {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'configmap-watcher' }, rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }],
    });
    await adminJson(server, 'POST', `${rbac}/clusterrolebindings`, {
      apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRoleBinding', metadata: { name: 'bob-watches-configmaps' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'configmap-watcher' }, subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'bob' }],
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("limits a user's request rate with 429 and Retry-After, and no other user", async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { headers: authHeaders('alice') })));
    const limited = answers.filter((answer) => answer.status === 429);
    const bodies = await Promise.all(answers.map((answer) => answer.text()));

    expect(limited.length).toBeGreaterThan(0);
    expect(limited.every((answer) => Number(answer.headers.get('retry-after')) >= 1)).toBe(true);
    expect(JSON.parse(bodies[answers.indexOf(limited[0]!)]!)).toMatchObject({ kind: 'Status', code: 429, reason: 'TooManyRequests' });
    const bob = await fetch(`${server.url}/api/v1/namespaces/default/configmaps`, { headers: authHeaders('bob') });
    await bob.text();
    expect(bob.status).toBe(200);
  });

  it("caps a user's open watches, and gives a slot back when a watch ends", async () => {
    const first = await openWatch(server, 'bob');
    const second = await openWatch(server, 'bob');
    const third = await openWatch(server, 'bob');
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);

    first.abort();
    let next: { status: number; abort: () => void } | undefined;
    await eventually(async () => {
      next = await openWatch(server, 'bob');
      return next.status === 200;
    }, 10_000);
    second.abort();
    next?.abort();
  });
});
