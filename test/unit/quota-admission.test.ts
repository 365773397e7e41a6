/**
 * ResourceQuota admission's decision (src/admission/quota): usage per resource, scopes, constraints
 * and kube-apiserver v1.32.13's refusal texts. The texts were asked of the reference
 * (../shared/kube) with quota `test-quota` (configmaps=3, services=2, services.nodeports=1,
 * services.loadbalancers=1, pods=2, requests.cpu=1, limits.memory=1Gi) and its status counted:
 *   configmaps "v" is forbidden: exceeded quota: test-quota, requested: configmaps=1, used: configmaps=3, limited: configmaps=3
 *   services "lb" is forbidden: exceeded quota: test-quota, requested: services.nodeports=2, used: services.nodeports=1, limited: services.nodeports=1
 *   pods "p" is forbidden: failed quota: test-quota: must specify limits.memory for: p; requests.cpu for: p
 *   pods "p2" is forbidden: exceeded quota: test-quota, requested: requests.cpu=2, used: requests.cpu=0, limited: requests.cpu=1
 *   pods "p3" is forbidden: failed quota: test-quota: must specify limits.memory for: b,i; requests.cpu for: b,i
 * and a pod with requests.cpu 500m and limits.memory 100Mi charged pods=1, requests.cpu=500m, limits.memory=100Mi.
 */
import { describe, expect, it } from 'vitest';
import { checkQuotas, type QuotaRequest } from '../../src/admission/quota/check.js';
import { evaluatorFor } from '../../src/admission/quota/evaluators.js';
import { podRequestsAndLimits } from '../../src/admission/quota/pod-usage.js';
import { resourceListJson } from '../../src/admission/quota/resource-lists.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const hard = { configmaps: '3', services: '2', 'services.nodeports': '1', 'services.loadbalancers': '1', pods: '2', 'requests.cpu': '1', 'limits.memory': '1Gi' };
const counted = { configmaps: '0', services: '0', 'services.nodeports': '0', 'services.loadbalancers': '0', pods: '0', 'requests.cpu': '0', 'limits.memory': '0' };
const now = new Date('2026-12-05T12:00:00Z');

function quota(used: Record<string, string> | undefined, extra: Record<string, unknown> = {}): KubeObject {
  return { apiVersion: 'v1', kind: 'ResourceQuota', metadata: { name: 'test-quota', namespace: 'q1', resourceVersion: '7' }, spec: { hard, ...extra }, status: { hard, ...(used ? { used } : {}) } };
}

function decide(resource: string, object: Record<string, unknown>, quotas: KubeObject[], operation: 'CREATE' | 'UPDATE' = 'CREATE', old: Record<string, unknown> | null = null) {
  const request: QuotaRequest = { operation, object, old, now };
  const decision = checkQuotas(quotas, request, evaluatorFor('', resource)!);
  return decision.refusal ?? Object.fromEntries([...decision.charges].map(([name, used]) => [name, resourceListJson(used)]));
}

const container = (name: string, requests?: Record<string, string>, limits?: Record<string, string>) => ({ name, image: 'x', resources: { ...(requests ? { requests } : {}), ...(limits ? { limits } : {}) } });
const pod = (spec: Record<string, unknown>) => ({ metadata: { name: 'p' }, spec });
const service = (type: string, ports = 1, extra: Record<string, unknown> = {}) => ({ metadata: { name: 'lb' }, spec: { type, ports: Array.from({ length: ports }, (_, index) => ({ port: 80 + index })), ...extra } });

describe('ResourceQuota admission: usage and refusals as kube-apiserver v1.32.13', () => {
  it.each([
    ['a ConfigMap past the limit', 'configmaps', { metadata: { name: 'v' } }, { ...counted, configmaps: '3' }, 'exceeded quota: test-quota, requested: configmaps=1, used: configmaps=3, limited: configmaps=3'],
    ['a LoadBalancer whose node ports exceed it', 'services', service('LoadBalancer', 2), { ...counted, services: '1', 'services.nodeports': '1' }, 'exceeded quota: test-quota, requested: services.nodeports=2, used: services.nodeports=1, limited: services.nodeports=1'],
    ['a pod stating no cpu request nor memory limit', 'pods', pod({ containers: [container('p')] }), counted, 'failed quota: test-quota: must specify limits.memory for: p; requests.cpu for: p'],
    ['a pod over the cpu requests', 'pods', pod({ containers: [container('p2', { cpu: '2' }, { memory: '100Mi' })] }), counted, 'exceeded quota: test-quota, requested: requests.cpu=2, used: requests.cpu=0, limited: requests.cpu=1'],
    ['containers and init containers without them, named in order', 'pods', pod({ containers: [container('p3', { cpu: '500m' }, { memory: '100Mi' }), container('b')], initContainers: [container('i')] }), counted, 'failed quota: test-quota: must specify limits.memory for: b,i; requests.cpu for: b,i'],
    ['a quota whose usage is not counted yet', 'configmaps', { metadata: { name: 'v' } }, undefined, 'status unknown for quota: test-quota, resources: configmaps'],
  ])('refuses %s', (_name, resource, object, used, refusal) => {
    expect(decide(resource, object, [quota(used)])).toBe(refusal);
  });

  it.each([
    ['a pod: its count, requests and limits', 'pods', pod({ containers: [container('p4', { cpu: '500m' }, { memory: '100Mi' })] }), { ...counted, pods: '1', 'requests.cpu': '500m', 'limits.memory': '100Mi' }],
    ['a NodePort Service: a node port per port', 'services', service('NodePort'), { ...counted, services: '1', 'services.nodeports': '1' }],
    ['a ConfigMap under its legacy name', 'configmaps', { metadata: { name: 'c' } }, { ...counted, configmaps: '1' }],
  ])('charges %s', (_name, resource, object, used) => {
    expect(decide(resource, object, [quota(counted)])).toEqual({ 'test-quota': used });
  });

  it('charges an update of a Service only what it adds (a ClusterIP Service turned NodePort: one node port)', () => {
    const used = { ...counted, services: '1' };
    expect(decide('services', service('NodePort'), [quota(used)], 'UPDATE', { ...service('ClusterIP'), metadata: { name: 'lb', resourceVersion: '3' } }))
      .toEqual({ 'test-quota': { ...used, 'services.nodeports': '1' } });
  });

  it('leaves out quotas whose scopes the object is not in, and objects without scopes from scoped quotas', () => {
    const terminating = quota(counted, { scopes: ['Terminating'] });
    expect(decide('pods', pod({ containers: [container('p', { cpu: '2' }, { memory: '1' })] }), [terminating])).toEqual({});
    expect(decide('configmaps', { metadata: { name: 'c' } }, [terminating])).toEqual({});
    expect(decide('pods', pod({ activeDeadlineSeconds: 5, containers: [container('p', { cpu: '100m' }, { memory: '1Mi' })] }), [terminating]))
      .toEqual({ 'test-quota': { ...counted, pods: '1', 'requests.cpu': '100m', 'limits.memory': '1Mi' } });
  });

  it('matches PriorityClass scope selectors as label requirements on the pod\'s class', () => {
    const selector = (operator: string, values?: string[]) => quota({ pods: '0' }, { scopeSelector: { matchExpressions: [{ scopeName: 'PriorityClass', operator, ...(values ? { values } : {}) }] } });
    const classed = pod({ priorityClassName: 'high', containers: [container('p', { cpu: '1m' }, { memory: '1' })] });
    const plain = pod({ containers: [container('p', { cpu: '1m' }, { memory: '1' })] });
    const charged = (object: Record<string, unknown>, operator: string, values?: string[]) => Object.keys(decide('pods', object, [selector(operator, values)]) as object).length > 0;
    expect([charged(classed, 'In', ['high']), charged(classed, 'NotIn', ['high']), charged(plain, 'NotIn', ['high']), charged(plain, 'Exists'), charged(plain, 'DoesNotExist')])
      .toEqual([true, false, true, false, true]);
  });

  it('counts other resources as count/<resource>.<group>, and ignores events', () => {
    expect(evaluatorFor('apps', 'replicasets')!.usage({}, now)).toEqual(new Map([['count/replicasets.apps', expect.objectContaining({ mantissa: 1n })]]));
    expect(evaluatorFor('apps', 'replicasets')!.handles('UPDATE')).toBe(false);
    expect(evaluatorFor('', 'events')).toBeUndefined();
  });
});

describe('a pod\'s effective requests and limits (PodRequests, PodLimits)', () => {
  it('takes the peak of init containers, runs restartable ones beside the rest, and adds overhead to requests and set limits', () => {
    const spec = {
      containers: [container('a', { cpu: '100m', memory: '10Mi' }, { cpu: '200m' }), container('b', { cpu: '100m' })],
      initContainers: [{ ...container('sidecar', { cpu: '50m' }, { cpu: '50m' }), restartPolicy: 'Always' }, container('setup', { cpu: '500m', memory: '5Mi' })],
      overhead: { cpu: '10m', memory: '1Mi' },
    };
    const { requests, limits } = podRequestsAndLimits(spec);
    expect(resourceListJson(requests)).toEqual({ cpu: '560m', memory: '11Mi' });
    expect(resourceListJson(limits)).toEqual({ cpu: '260m' });
  });
});
