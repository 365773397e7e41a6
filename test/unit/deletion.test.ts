// What a DELETE does to an object before storage removes it, per kube v1.32:
// rest.BeforeDelete (staging/src/k8s.io/apiserver/pkg/registry/rest/delete.go),
// deletionFinalizersForGarbageCollection, shouldOrphanDependents, shouldDeleteDependents,
// markAsDeleting and ShouldDeleteDuringUpdate (generic/registry/store.go), and the pod
// strategy's CheckGracefulDelete (pkg/registry/core/pod/strategy.go).
import { describe, expect, it } from 'vitest';
import {
  beforeDelete, garbageCollectionFinalizers, markAsDeleting, shouldDeleteDuringUpdate,
  type DeleteOptions, type DeletionRules, type GarbageCollectionPolicy,
} from '../../src/registry/deletion.js';
import { pod } from '../../src/kinds/core/pod.js';
import type { KubeObject } from '../../src/apimachinery/object.js';

const now = new Date('2026-01-01T00:00:00Z');
const object = (meta: Partial<KubeObject['metadata']> = {}, extra: Partial<KubeObject> = {}): KubeObject =>
  ({ metadata: { name: 'x', uid: 'u', ...meta }, ...extra });
const options = (extra: Partial<DeleteOptions> = {}): DeleteOptions => ({ dryRun: false, preconditions: {}, ...extra });
const plain: DeletionRules = { gcPolicy: 'DeleteDependents' };
const pods: DeletionRules = { gcPolicy: 'DeleteDependents', gracePeriod: pod.gracePeriodOnDelete };
const scheduled = (grace?: number) => object({}, { spec: { nodeName: 'n1', ...(grace === undefined ? {} : { terminationGracePeriodSeconds: grace }) } });

describe('rest.BeforeDelete', () => {
  it.each([
    // A type without RESTGracefulDeleteStrategy is never graceful.
    ['a non-graceful type', plain, object(), options(), { graceful: false, pending: false }, undefined, undefined],
    // CheckGracefulDelete: an unscheduled pod is deleted at once (period 0) but still "graceful".
    ['an unscheduled pod', pods, object({}, { spec: {} }), options(), { graceful: true, pending: false }, '2026-01-01T00:00:00Z', 0],
    // A scheduled pod takes its terminationGracePeriodSeconds.
    ['a scheduled pod', pods, scheduled(30), options(), { graceful: true, pending: false }, '2026-01-01T00:00:30Z', 30],
    // The requested period wins over the pod's own.
    ['a requested period', pods, scheduled(30), options({ gracePeriodSeconds: 5 }), { graceful: true, pending: false }, '2026-01-01T00:00:05Z', 5],
    // A negative request counts as 1 second.
    ['a negative request', pods, scheduled(30), options({ gracePeriodSeconds: -3 }), { graceful: true, pending: false }, '2026-01-01T00:00:01Z', 1],
    // A finished pod goes at once.
    ['a finished pod', pods, object({}, { spec: { nodeName: 'n' }, status: { phase: 'Succeeded' } }), options(), { graceful: true, pending: false }, '2026-01-01T00:00:00Z', 0],
    // Already being deleted with a grace period: a longer or equal request changes nothing (pending).
    ['a longer period while pending', pods, scheduled(30), options({ gracePeriodSeconds: 60 }), { graceful: false, pending: true }, 'pending', 30],
  ] as const)('%s', (_name, rules, input, requested, verdict, timestamp, grace) => {
    const target = structuredClone(input) as KubeObject;
    if (timestamp === 'pending') {
      target.metadata.deletionTimestamp = '2026-01-01T00:00:30Z';
      target.metadata.deletionGracePeriodSeconds = 30;
    }
    expect(beforeDelete(target, { ...requested }, rules, now)).toEqual(verdict);
    expect(target.metadata.deletionTimestamp).toBe(timestamp === 'pending' ? '2026-01-01T00:00:30Z' : timestamp);
    expect(target.metadata.deletionGracePeriodSeconds).toBe(grace);
  });

  it('shortens a pending graceful deletion to the shorter requested period, from when it started', () => {
    const target = scheduled(30);
    target.metadata.deletionTimestamp = '2026-01-01T00:00:30Z';
    target.metadata.deletionGracePeriodSeconds = 30;
    expect(beforeDelete(target, options({ gracePeriodSeconds: 10 }), pods, now)).toEqual({ graceful: true, pending: false });
    expect([target.metadata.deletionTimestamp, target.metadata.deletionGracePeriodSeconds]).toEqual(['2026-01-01T00:00:10Z', 10]);
  });

  it('treats an object already marked with a zero grace period as not graceful (delete now)', () => {
    const target = scheduled(30);
    target.metadata.deletionTimestamp = '2026-01-01T00:00:00Z';
    target.metadata.deletionGracePeriodSeconds = 0;
    expect(beforeDelete(target, options(), pods, now)).toEqual({ graceful: false, pending: false });
  });

  it('moves generation on the graceful mark', () => {
    const target = scheduled(30);
    target.metadata.generation = 2;
    beforeDelete(target, options(), pods, now);
    expect(target.metadata.generation).toBe(3);
  });
});

describe('deletionFinalizersForGarbageCollection', () => {
  it.each([
    // Background (kubectl's default) and no finalizers: nothing to change.
    ['background', [], options({ propagationPolicy: 'Background' }), 'DeleteDependents', null],
    ['orphan policy adds orphan', [], options({ propagationPolicy: 'Orphan' }), 'DeleteDependents', ['orphan']],
    ['foreground policy adds foregroundDeletion', [], options({ propagationPolicy: 'Foreground' }), 'DeleteDependents', ['foregroundDeletion']],
    // orphanDependents (deprecated) overrides finalizers and the type default.
    ['orphanDependents=true', [], options({ orphanDependents: true }), 'DeleteDependents', ['orphan']],
    ['orphanDependents=false removes orphan', ['orphan'], options({ orphanDependents: false }), 'DeleteDependents', []],
    // No options: the type default (batch/v1 Job, core/v1 RC orphan).
    ['a type that orphans by default', [], options(), 'OrphanDependents', ['orphan']],
    ['a type that deletes dependents by default', [], options(), 'DeleteDependents', null],
    // No options: an existing finalizer stands.
    ['an existing orphan finalizer', ['orphan'], options(), 'DeleteDependents', null],
    ['an existing foreground finalizer over an orphan default', ['foregroundDeletion'], options(), 'OrphanDependents', null],
    // A policy replaces the other GC finalizer, keeping the others in order.
    ['foreground replaces orphan', ['a.io/x', 'orphan'], options({ propagationPolicy: 'Foreground' }), 'DeleteDependents', ['a.io/x', 'foregroundDeletion']],
    // Unsupported (core/v1 Events): never touched.
    ['an unsupported type', [], options({ propagationPolicy: 'Orphan' }), 'Unsupported', null],
  ] as const)('%s', (_name, finalizers, requested, policy, expected) => {
    const target = object({ finalizers: [...finalizers] });
    expect(garbageCollectionFinalizers(target, requested, policy as GarbageCollectionPolicy)).toEqual(expected);
  });
});

describe('markAsDeleting', () => {
  it('sets deletionTimestamp now, a zero grace period, and moves generation once', () => {
    const target = object({ generation: 4 });
    markAsDeleting(target, now);
    expect([target.metadata.deletionTimestamp, target.metadata.deletionGracePeriodSeconds, target.metadata.generation]).toEqual(['2026-01-01T00:00:00Z', 0, 5]);
    markAsDeleting(target, new Date('2026-01-01T00:01:00Z'));
    expect([target.metadata.deletionTimestamp, target.metadata.generation]).toEqual(['2026-01-01T00:00:00Z', 5]);
  });

  it('pulls a later deletionTimestamp back to now', () => {
    const target = object({ deletionTimestamp: '2026-01-01T00:05:00Z', deletionGracePeriodSeconds: 300 });
    markAsDeleting(target, now);
    expect([target.metadata.deletionTimestamp, target.metadata.deletionGracePeriodSeconds]).toEqual(['2026-01-01T00:00:00Z', 0]);
  });
});

describe('ShouldDeleteDuringUpdate', () => {
  it.each([
    ['the last finalizer removed while deleting', { finalizers: [] }, { deletionTimestamp: 'x', deletionGracePeriodSeconds: 0, finalizers: ['a.io/f'] }, true],
    ['finalizers left', { finalizers: ['a.io/g'] }, { deletionTimestamp: 'x', deletionGracePeriodSeconds: 0, finalizers: ['a.io/f', 'a.io/g'] }, false],
    ['not being deleted', {}, { finalizers: ['a.io/f'] }, false],
    ['a grace period still running', {}, { deletionTimestamp: 'x', deletionGracePeriodSeconds: 30 }, false],
    ['no grace period recorded', {}, { deletionTimestamp: 'x' }, true],
  ])('%s', (_name, next, old, expected) => {
    expect(shouldDeleteDuringUpdate(object(next), object(old))).toBe(expected);
  });
});
