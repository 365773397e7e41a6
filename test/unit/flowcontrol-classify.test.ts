/**
 * API Priority and Fairness' classification against kube v1.32's bootstrap configuration
 * (data/bootstrap-flowcontrol.json), and the per-isolate seats of a priority level.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import bootstrap from '../../data/bootstrap-flowcontrol.json';
import type { UserInfo } from '../../src/rbac/index.js';
import { parseRequestInfo } from '../../src/apimachinery/request-info.js';
import { StatusError } from '../../src/apimachinery/status.js';
import { classify } from '../../src/flowcontrol/classify.js';
import { configurationOf } from '../../src/flowcontrol/configuration.js';
import { ClusterContext } from '../../src/cluster/context.js';
import { settingsOf } from '../../src/cluster/settings.js';
import { tenancyOf } from '../../src/cluster/tenancy.js';
import type { Env } from '../../src/server/env.js';
import { acquireSeat as acquireSeatIn, nominalConcurrencyLimit } from '../../src/flowcontrol/dispatch.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const stored = (items: { name: string; spec: unknown }[], kind: string): KubeObject[] =>
  items.map((item) => ({ apiVersion: 'flowcontrol.apiserver.k8s.io/v1', kind, metadata: { name: item.name, uid: `uid-${item.name}` }, spec: item.spec as Record<string, unknown> }));

const configuration = configurationOf(stored(bootstrap.priorityLevels, 'PriorityLevelConfiguration'), stored(bootstrap.flowSchemas, 'FlowSchema'));

const user = (name: string, ...groups: string[]): UserInfo => ({ name, groups: [...groups, name === 'system:anonymous' ? 'system:unauthenticated' : 'system:authenticated'] });

function classified(who: UserInfo, method: string, path: string): [string, string] {
  const info = parseRequestInfo(method, path, new URLSearchParams(path.split('?')[1] ?? ''))!;
  const { flowSchema, priorityLevel } = classify(configuration.schemas, configuration.levels, who, info);
  return [flowSchema.name, priorityLevel.name];
}

describe('classification', () => {
  it.each([
    ['system:masters', user('admin', 'system:masters'), 'GET', '/api/v1/pods', ['exempt', 'exempt']],
    ['a health probe', user('system:anonymous'), 'GET', '/livez', ['probes', 'exempt']],
    ['a user', user('alice', 'developers'), 'GET', '/api/v1/namespaces/default/configmaps', ['global-default', 'global-default']],
    ['an anonymous request', user('system:anonymous'), 'GET', '/version', ['global-default', 'global-default']],
    ['a service account of kube-system', user('system:serviceaccount:kube-system:job-controller', 'system:serviceaccounts'), 'GET', '/apis/batch/v1/jobs', ['kube-system-service-accounts', 'workload-high']],
    ['a service account elsewhere', user('system:serviceaccount:apps:builder', 'system:serviceaccounts'), 'GET', '/api/v1/pods', ['service-accounts', 'workload-low']],
    ['a node reading pods', user('system:node:n1', 'system:nodes'), 'GET', '/api/v1/pods', ['system-nodes', 'system']],
    ['a node reading itself', user('system:node:n1', 'system:nodes'), 'GET', '/api/v1/nodes/n1', ['system-node-high', 'node-high']],
    ['a node updating its lease', user('system:node:n1', 'system:nodes'), 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1', ['system-node-high', 'node-high']],
    ['the scheduler electing a leader', user('system:kube-scheduler'), 'PUT', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler', ['system-leader-election', 'leader-election']],
    ['the scheduler reading pods', user('system:kube-scheduler'), 'GET', '/api/v1/pods', ['kube-scheduler', 'workload-high']],
  ])('%s', (_name, who, method, path, expected) => {
    expect(classified(who, method, path)).toEqual(expected);
  });

  it('skips a FlowSchema whose priority level does not exist, and imagines missing mandatory objects', () => {
    const dangling = { name: 'for-alice', spec: { priorityLevelConfiguration: { name: 'nope' }, matchingPrecedence: 10, rules: [{ subjects: [{ kind: 'User', user: { name: 'alice' } }], nonResourceRules: [{ verbs: ['*'], nonResourceURLs: ['*'] }] }] } };
    const withoutCatchAll = bootstrap.flowSchemas.filter((item) => item.name !== 'catch-all');
    const partial = configurationOf([], stored([...withoutCatchAll, dangling], 'FlowSchema'));
    const info = parseRequestInfo('GET', '/version', new URLSearchParams())!;
    const verdict = classify(partial.schemas, partial.levels, user('alice'), info);
    expect([verdict.flowSchema.name, verdict.priorityLevel.name, verdict.priorityLevel.uid]).toEqual(['catch-all', 'catch-all', '']);
  });
});

describe('seats per priority level, per isolate', () => {
  let cluster: ClusterContext;
  const acquireSeat = (...args: Parameters<typeof acquireSeatIn> extends [unknown, ...infer Rest] ? Rest : never) => acquireSeatIn(cluster, ...args);
  beforeEach(() => {
    cluster = new ClusterContext('seats', tenancyOf('seats'), settingsOf({} as Env));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const level = (name: string, reject: boolean, queueCapacity = 0) => ({ name, uid: '', exempt: false, shares: 1, reject, queueCapacity });

  it("divides the server's concurrency by shares as kube does (600 seats: 13 for catch-all, 245 for workload-low)", () => {
    const limits = Object.fromEntries([...configuration.levels.values()].filter((item) => !item.exempt).map((item) => [item.name, nominalConcurrencyLimit(item, configuration.levels.values(), 600)]));
    expect(limits).toEqual({ 'catch-all': 13, 'global-default': 49, 'leader-election': 25, 'node-high': 98, system: 74, 'workload-high': 98, 'workload-low': 245 });
  });

  it('rejects past the limit of a Reject level, and admits again once a seat is back', async () => {
    const reject = level('r', true);
    const first = await acquireSeat(reject, 'fs', 1);
    await expect(acquireSeat(reject, 'fs', 1)).rejects.toMatchObject({ status: { code: 429, message: 'Too many requests, please try again later.' } });
    first();
    first();
    const again = await acquireSeat(reject, 'fs', 1);
    again();
  });

  it('queues past the limit of a Queue level, hands the seat over in order, and refuses when the queue is full or the wait too long', async () => {
    vi.useFakeTimers();
    const queued = level('q', false, 1);
    const first = await acquireSeat(queued, 'fs', 1);
    const waiting = acquireSeat(queued, 'fs', 1);
    const full = await acquireSeat(queued, 'fs', 1).catch((error: StatusError) => error.code);
    expect(full).toBe(429);
    first();
    // The waiter holds the seat at once and notices on its own timer (seat-queue.ts).
    await vi.advanceTimersByTimeAsync(1);
    const second = await waiting;
    const late = acquireSeat(queued, 'fs', 1).catch((error: StatusError) => error.code);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await late).toBe(429);
    second();
  });

  it('never limits an exempt level', async () => {
    const exempt = { ...level('e', true), exempt: true };
    const seats = await Promise.all(Array.from({ length: 5 }, () => acquireSeat(exempt, 'fs', 0)));
    seats.forEach((release) => release());
  });
});
