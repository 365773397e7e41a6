// Which writes become controller events (src/durable/partition/events.ts), which partitions they go to
// (src/durable/partition/partitions.ts), and the namespace deleter's conditions
// (pkg/controller/namespace/deletion/status_condition_utils.go, v1.32 texts).
import { describe, expect, it } from 'vitest';
import { controllerEvent } from '../../src/durable/partition/events.js';
import { settingsOf } from '../../src/cluster/settings.js';
import { leaseHeld } from '../../src/controllers/external-manager.js';
import type { ControllerFacts } from '../../src/durable/partition/events.js';
import { namespaceConditions, updateConditions } from '../../src/controllers/namespace-conditions.js';
import { eventPartitions, partitionOf } from '../../src/durable/partition/partitions.js';

const facts = (extra: Partial<ControllerFacts> = {}): ControllerFacts =>
  ({ group: '', version: 'v1', resource: 'configmaps', namespace: 'ns', name: 'c', uid: 'u1', ...extra });
const owner = (uid: string, block = false) => ({ uid, apiVersion: 'v1', kind: 'ConfigMap', name: uid, ...(block ? { block: true } : {}) });

describe('controllerEvent', () => {
  it.each([
    ['a create without owners', null, facts(), false],
    ['an update touching nothing the controllers track', facts({ finalizers: ['a.io/f'] }), facts({ finalizers: ['a.io/f', 'a.io/g'] }), false],
    ['every deletion (the object may own others)', facts(), null, true],
    ['a create naming an owner', null, facts({ owners: [owner('o1')] }), true],
    ['an owner removed', facts({ owners: [owner('o1')] }), facts(), true],
    ['blockOwnerDeletion flipped', facts({ owners: [owner('o1')] }), facts({ owners: [owner('o1', true)] }), true],
    ['the same owners in another order', facts({ owners: [owner('a'), owner('b')] }), facts({ owners: [owner('b'), owner('a')] }), false],
    ['deletion started', facts(), facts({ deletionTimestamp: 't', deletionGracePeriodSeconds: 0, finalizers: ['a.io/f'] }), true],
    ['a finalizer removed while deleting', facts({ deletionTimestamp: 't', finalizers: ['a.io/f', 'orphan'] }), facts({ deletionTimestamp: 't', finalizers: ['a.io/f'] }), true],
    ['a label change while deleting', facts({ deletionTimestamp: 't', finalizers: ['a.io/f'] }), facts({ deletionTimestamp: 't', finalizers: ['a.io/f'] }), false],
  ])('%s', (_name, previous, next, expected) => {
    expect(controllerEvent(previous, next) !== null).toBe(expected);
  });

  it('with the built-in controllers off, keeps only the CRD events (their controllers are the API server\'s)', () => {
    const crd = facts({ group: 'apiextensions.k8s.io', resource: 'customresourcedefinitions' });
    expect([
      controllerEvent(facts(), null, false), controllerEvent(null, facts({ owners: [owner('o1')] }), false),
      controllerEvent(facts(), facts({ deletionTimestamp: 't', deletionGracePeriodSeconds: 30 }), false),
    ]).toEqual([null, null, null]);
    expect(controllerEvent(null, crd, false)?.uid).toBe('u1');
    expect(controllerEvent(crd, null, false)?.deleted).toBe(true);
  });

  it.each([[undefined, 'auto'], ['', 'auto'], ['auto', 'auto'], ['on', 'on'], ['off', 'off'], [' OFF ', 'off'], ['nonsense', 'auto']])('BUILTIN_CONTROLLERS=%j is %s', (setting, mode) => {
    expect(settingsOf({ BUILTIN_CONTROLLERS: setting } as never).builtinControllers).toBe(mode);
  });

  it.each([
    ['a lease renewed within its duration', { holderIdentity: 'kcm_1', renewTime: '2026-01-01T00:00:05.000000Z', leaseDurationSeconds: 15 }, true],
    ['a lease renewed longer ago than its duration', { holderIdentity: 'kcm_1', renewTime: '2026-01-01T00:00:05.000000Z', leaseDurationSeconds: 4 }, false],
    ['a lease without a holder', { renewTime: '2026-01-01T00:00:05.000000Z', leaseDurationSeconds: 15 }, false],
    ['a lease only acquired', { holderIdentity: 'kcm_1', acquireTime: '2026-01-01T00:00:08.000000Z', leaseDurationSeconds: 15 }, true],
  ])('kube-controller-manager leads with %s: %s', (_name, spec, held) => {
    expect(leaseHeld({ apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: {}, spec }, new Date('2026-01-01T00:00:10Z'))).toBe(held);
  });

  it('reports both owner lists, so the shards of removed owners drop their edges', () => {
    const event = controllerEvent(facts({ owners: [owner('o1')] }), facts({ owners: [owner('o2')] }))!;
    expect([event.previousOwners.map((o) => o.uid), event.owners.map((o) => o.uid), event.deleted]).toEqual([['o1'], ['o2'], false]);
  });

  it('reports a deletion with the last owners as previous and none now', () => {
    const event = controllerEvent(facts({ owners: [owner('o1')], finalizers: ['a.io/f'] }), null)!;
    expect([event.deleted, event.owners, event.previousOwners.map((o) => o.uid), event.finalizers]).toEqual([true, [], ['o1'], ['a.io/f']]);
  });
});

describe('eventPartitions', () => {
  it('sends an event to the shard of the object and of every owner named before or after, once each', () => {
    const event = controllerEvent(facts({ owners: [owner('o1')] }), facts({ owners: [owner('o2'), owner('o3')] }))!;
    const expected = new Set(['u1', 'o1', 'o2', 'o3'].map((uid) => partitionOf(uid, 4)));
    expect(new Set(eventPartitions(event, 4))).toEqual(expected);
    expect(eventPartitions(event, 4)).toHaveLength(expected.size);
  });

  it('spreads uids over the shards', () => {
    const counts = [0, 0, 0, 0];
    for (let index = 0; index < 4000; index++) counts[partitionOf(crypto.randomUUID(), 4)]! += 1;
    for (const count of counts) expect(count).toBeGreaterThan(800);
  });
});

describe('namespace deletion conditions', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  const later = new Date('2026-01-01T00:01:00Z');

  it('reports what remains, core resources with a trailing dot, entries sorted', () => {
    const conditions = namespaceConditions({
      resources: new Map([['secrets.', 2], ['configmaps.', 1], ['deployments.apps', 1]]),
      finalizers: new Map([['b.io/x', 1], ['a.io/y', 2]]),
    });
    expect(conditions.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['NamespaceDeletionDiscoveryFailure', 'False', 'ResourcesDiscovered'],
      ['NamespaceDeletionGroupVersionParsingFailure', 'False', 'ParsedGroupVersions'],
      ['NamespaceDeletionContentFailure', 'False', 'ContentDeleted'],
      ['NamespaceContentRemaining', 'True', 'SomeResourcesRemain'],
      ['NamespaceFinalizersRemaining', 'True', 'SomeFinalizersRemain'],
    ]);
    expect(conditions[3]!.message).toBe('Some resources are remaining: configmaps. has 1 resource instances, deployments.apps has 1 resource instances, secrets. has 2 resource instances');
    expect(conditions[4]!.message).toBe('Some content in the namespace has finalizers remaining: a.io/y in 2 resource instances, b.io/x in 1 resource instances');
  });

  it('appends missing conditions, changes time only when the status flips, and says when nothing changed', () => {
    const remaining = { resources: new Map([['configmaps.', 1]]), finalizers: new Map() };
    const first = updateConditions([], namespaceConditions(remaining), now)!;
    expect(first.map((c) => c.lastTransitionTime)).toEqual(Array(5).fill('2026-01-01T00:00:00Z'));
    expect(updateConditions(first, namespaceConditions(remaining), later)).toBeNull();
    const more = updateConditions(first, namespaceConditions({ resources: new Map([['configmaps.', 2]]), finalizers: new Map() }), later)!;
    expect(more[3]!.lastTransitionTime).toBe('2026-01-01T00:00:00Z');
    const cleared = updateConditions(first, namespaceConditions({ resources: new Map(), finalizers: new Map() }), later)!;
    expect([cleared[3]!.status, cleared[3]!.message, cleared[3]!.lastTransitionTime]).toEqual(['False', 'All content successfully removed', '2026-01-01T00:01:00Z']);
    expect(Object.keys(cleared[3]!)).toEqual(['type', 'status', 'lastTransitionTime', 'reason', 'message']);
  });
});
