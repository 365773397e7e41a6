/**
 * The LimitRanger admission plugin (src/admission/limit-ranger.ts), as kube-apiserver v1.32.13
 * does it: the conformance spec '[sig-scheduling] LimitRange should create a LimitRange with
 * defaults and ensure pod has those defaults applied.' failed on edge for want of it ("resource
 * cpu expected 100m actual 0", issue 35). Asked of the reference (../shared/kube), 2026-12,
 * pods of generateName `g-` (dryRun=All):
 *   - LimitRange {Container: min {cpu 100m}, max {cpu 500m, memory 500Mi}, defaultRequest {cpu 100m,
 *     memory 20Mi}, default {cpu 500m, memory 200Mi}}; container c with limits {memory 300Mi} and
 *     init container i with requests {cpu 200m}: c {limits {cpu 500m, memory 300Mi}, requests
 *     {cpu 100m, memory 300Mi}} (the request defaulted from the limit before admission), i {limits
 *     {cpu 500m, memory 200Mi}, requests {cpu 200m, memory 20Mi}}, annotation
 *     `kubernetes.io/limit-ranger: LimitRanger plugin set: cpu request for container c; cpu limit
 *     for container c; memory request for init container i; cpu, memory limit for init container i`;
 *   - LimitRange {Container: min {cpu 100m, memory 10Mi}, max {cpu 500m, memory 500Mi},
 *     defaultRequest/default as above, maxLimitRequestRatio {cpu 4}}, {Pod: max {cpu 1}}:
 *     limits {cpu 2}: 403 `pods "g-ljx6x" is forbidden: [maximum cpu usage per Container is 500m,
 *     but limit is 2, maximum cpu usage per Pod is 1, but limit is 2]`; requests {cpu 50m}, limits
 *     {cpu 450m}: `[minimum cpu usage per Container is 100m, but request is 50m, cpu max limit to
 *     request ratio per Container is 4, but provided ratio is 9.000000]`; no resources: `cpu max
 *     limit to request ratio per Container is 4, but provided ratio is 5.000000` (the defaults'
 *     500m over 100m); c {requests cpu 100m, limits cpu 450m}, d and e {requests cpu 400m}: `[cpu max
 *     limit to request ratio per Container is 4, but provided ratio is 4.500000, maximum cpu usage
 *     per Pod is 1, but limit is 1450m]`.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, freshNamespace } from './api-client.js';

const image = 'busybox';
const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { generateName: 'g-' }, spec });
const container = (name: string, resources?: Record<string, unknown>) => ({ name, image, ...(resources ? { resources } : {}) });
const defaults = { defaultRequest: { cpu: '100m', memory: '20Mi' }, default: { cpu: '500m', memory: '200Mi' } };

async function namespaceWith(limits: unknown[]): Promise<string> {
  const ns = await freshNamespace('limits');
  const created = await api('POST', `/api/v1/namespaces/${ns}/limitranges`, { body: { apiVersion: 'v1', kind: 'LimitRange', metadata: { name: 'lr' }, spec: { limits } } });
  expect(created.status, created.text).toBe(201);
  return ns;
}

async function create(ns: string, spec: Record<string, unknown>) {
  return api('POST', `/api/v1/namespaces/${ns}/pods`, { body: pod(spec) });
}

async function refused(ns: string, spec: Record<string, unknown>, why: string) {
  const response = await create(ns, spec);
  expect(response.status, response.text).toBe(403);
  expect(response.json.message).toBe(`pods "${response.json.details.name}" is forbidden: ${why}`);
}

describe('LimitRanger admission', () => {
  let defaulting = '';
  let strict = '';
  beforeAll(async () => {
    defaulting = await namespaceWith([{ type: 'Container', min: { cpu: '100m' }, max: { cpu: '500m', memory: '500Mi' }, ...defaults }]);
    strict = await namespaceWith([
      { type: 'Container', min: { cpu: '100m', memory: '10Mi' }, max: { cpu: '500m', memory: '500Mi' }, ...defaults, maxLimitRequestRatio: { cpu: '4' } },
      { type: 'Pod', max: { cpu: '1' } },
    ]);
  });

  it('fills missing requests and limits from the defaults and says so in an annotation', async () => {
    const response = await create(defaulting, { containers: [container('c', { limits: { memory: '300Mi' } })], initContainers: [container('i', { requests: { cpu: '200m' } })] });
    expect(response.status, response.text).toBe(201);
    const { metadata, spec } = response.json;
    expect(spec.containers[0].resources).toEqual({ limits: { cpu: '500m', memory: '300Mi' }, requests: { cpu: '100m', memory: '300Mi' } });
    expect(spec.initContainers[0].resources).toEqual({ limits: { cpu: '500m', memory: '200Mi' }, requests: { cpu: '200m', memory: '20Mi' } });
    expect(metadata.annotations['kubernetes.io/limit-ranger']).toBe(
      'LimitRanger plugin set: cpu request for container c; cpu limit for container c; memory request for init container i; cpu, memory limit for init container i');
  });

  it('refuses what exceeds a container\'s or the pod\'s maximum', async () => {
    await refused(strict, { containers: [container('c', { limits: { cpu: '2' } })] },
      '[maximum cpu usage per Container is 500m, but limit is 2, maximum cpu usage per Pod is 1, but limit is 2]');
  });

  it('refuses a request under the minimum and a limit too far above the request', async () => {
    await refused(strict, { containers: [container('c', { requests: { cpu: '50m' }, limits: { cpu: '450m' } })] },
      '[minimum cpu usage per Container is 100m, but request is 50m, cpu max limit to request ratio per Container is 4, but provided ratio is 9.000000]');
    await refused(strict, { containers: [container('c')] }, 'cpu max limit to request ratio per Container is 4, but provided ratio is 5.000000');
  });

  it('checks the pod\'s sum after the defaults', async () => {
    await refused(strict, { containers: [container('c', { requests: { cpu: '100m' }, limits: { cpu: '450m' } }), container('d', { requests: { cpu: '400m' } }), container('e', { requests: { cpu: '400m' } })] },
      '[cpu max limit to request ratio per Container is 4, but provided ratio is 4.500000, maximum cpu usage per Pod is 1, but limit is 1450m]');
  });
});
