// The local HTTPS front's admission (src/front/admission.ts): a few requests under way in
// workerd at once, the flows served in turn, long-running requests outside the count.
import { describe, expect, it, vi } from 'vitest';
import { Admission, exempt, flowOf, longRunning } from '../../src/front/admission.js';

interface Admitting {
  admit(flow: string, start: (done: () => void) => void): void;
}

/** Admits `label` into `admission` under `flow`; records the order of starts; returns its `done`. */
function admitter(admission: Admitting) {
  const started: string[] = [];
  const dones = new Map<string, () => void>();
  const admit = (flow: string, label: string) => admission.admit(flow, (done: () => void) => {
    started.push(label);
    dones.set(label, done);
  });
  return { started, admit, finish: (label: string) => dones.get(label)!() };
}

describe('front admission', () => {
  it('admits up to its limit, the rest once places free', () => {
    const admission = new Admission(2, 60_000);
    const { started, admit, finish } = admitter(admission);
    for (const label of ['a1', 'a2', 'a3']) admit('a', label);
    expect(started).toEqual(['a1', 'a2']);
    expect(admission.waiting).toBe(1);
    finish('a1');
    expect(started).toEqual(['a1', 'a2', 'a3']);
    finish('a1'); // A second done changes nothing.
    expect(admission.running).toBe(2);
  });

  it('serves the waiting flows in turn: a backlog does not hold another flow back', () => {
    const admission = new Admission(1, 60_000);
    const { started, admit, finish } = admitter(admission);
    admit('noisy', 'n0');
    for (const label of ['n1', 'n2', 'n3']) admit('noisy', label);
    admit('quiet', 'q1');
    admit('other', 'o1');
    for (const label of ['n0', 'n1', 'q1', 'o1', 'n2']) finish(label);
    expect(started).toEqual(['n0', 'n1', 'q1', 'o1', 'n2', 'n3']);
  });

  it('stops counting a request under way past its hold time', () => {
    vi.useFakeTimers();
    try {
      const admission = new Admission(1, 250);
      const { started, admit, finish } = admitter(admission);
      admit('a', 'slow');
      admit('b', 'next');
      expect(started).toEqual(['slow']);
      vi.advanceTimersByTime(250);
      expect(started).toEqual(['slow', 'next']);
      finish('slow'); // Already uncounted: the count stays with `next`.
      expect(admission.running).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tells long-running requests apart', () => {
    const get = (url: string, headers: Record<string, string> = {}) => longRunning({ method: 'GET', url, headers });
    expect(get('/api/v1/namespaces/a/configmaps?watch=true')).toBe(true);
    expect(get('/api/v1/pods?labelSelector=a&watch=1&resourceVersion=5')).toBe(true);
    expect(get('/api/v1/watch/namespaces/a/pods')).toBe(true);
    expect(get('/clusters/t/apis/apps/v1/watch/deployments')).toBe(true);
    expect(get('/api/v1/namespaces/a/pods/p/log?follow=true')).toBe(true);
    expect(get('/api/v1/namespaces/a/services/s/proxy/healthz')).toBe(true);
    expect(get('/api/v1/namespaces/a/pods/p/exec?command=sh', { upgrade: 'websocket' })).toBe(true);
    expect(get('/api/v1/namespaces/a/configmaps?watch=false')).toBe(false);
    expect(get('/api/v1/namespaces/watch/configmaps')).toBe(false);
    expect(get('/api/v1/namespaces/a/configmaps/watch')).toBe(false);
    expect(longRunning({ method: 'POST', url: '/api/v1/namespaces/a/configmaps?watch=true', headers: {} })).toBe(false);
  });

  it('lets Leases through without waiting', () => {
    expect(exempt({ url: '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-controller-manager?timeout=5s' })).toBe(true);
    expect(exempt({ url: '/clusters/t/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/n1' })).toBe(true);
    expect(exempt({ url: '/api/v1/namespaces/kube-system/configmaps/coordination.k8s.io' })).toBe(false);
  });

  it('keys flows by tenant and credentials', () => {
    const flow = (url: string, authorization?: string) => flowOf({ url, headers: { host: 'h', ...(authorization ? { authorization } : {}) } });
    expect(flow('/clusters/a/api/v1/pods', 'Bearer x')).toBe(flow('/clusters/a/api', 'Bearer x'));
    expect(flow('/clusters/a/api', 'Bearer x')).not.toBe(flow('/clusters/b/api', 'Bearer x'));
    expect(flow('/api', 'Bearer x')).not.toBe(flow('/api', 'Bearer y'));
  });
});
