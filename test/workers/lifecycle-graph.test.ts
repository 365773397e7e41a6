/**
 * How a lifecycle controller shard folds events into its graph (src/durable/partition/apply-event.ts),
 * on a real Durable Object's SQLite: edges follow the dependents' ownerReferences, owners get
 * the state their own events report, work is scheduled for what can progress, events arriving
 * out of order or twice leave the same state, and a shard keeps only the uids it owns.
 */
import { env } from 'cloudflare:workers';
import { runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { applyEvent } from '../../src/durable/partition/apply-event.js';
import { controllerEvent, type ControllerEvent } from '../../src/durable/partition/events.js';
import type { ControllerFacts } from '../../src/durable/partition/events.js';
import { Graph, graphSchema } from '../../src/durable/partition/graph.js';

const now = 1_000_000;
const facts = (uid: string, extra: Partial<ControllerFacts> = {}): ControllerFacts =>
  ({ group: '', version: 'v1', resource: 'configmaps', namespace: 'ns', name: uid, uid, ...extra });
const link = (uid: string, block = false) => ({ uid, apiVersion: 'v1', kind: 'ConfigMap', name: uid, ...(block ? { block: true } : {}) });
const created = (uid: string, extra: Partial<ControllerFacts> = {}) => controllerEvent(null, facts(uid, extra))!;
const deleted = (uid: string, extra: Partial<ControllerFacts> = {}) => controllerEvent(facts(uid, extra), null)!;
const changed = (uid: string, before: Partial<ControllerFacts>, after: Partial<ControllerFacts>) => controllerEvent(facts(uid, before), facts(uid, after))!;

let counter = 0;

/** Applies `events` (`mine`: which uids the shard owns) on a fresh shard; returns its tables. */
async function fold(events: ControllerEvent[], mine: (uid: string) => boolean = () => true) {
  const stub = env.CONTROLLERS.get(env.CONTROLLERS.idFromName(`lifecycle/graph-test-${counter++}/0`));
  return runInDurableObject(stub, (_instance, state) => {
    // A partition creates its tables with the first events it receives; these are applied directly.
    for (const statement of graphSchema) state.storage.sql.exec(statement);
    const graph = new Graph(state.storage.sql);
    for (const event of events) applyEvent(graph, event, mine, now);
    const rows = (query: string) => state.storage.sql.exec(query).toArray();
    return {
      edges: rows('SELECT owner_uid, dependent_uid, block FROM edges ORDER BY owner_uid, dependent_uid').map((row) => `${row.owner_uid}->${row.dependent_uid}${row.block ? '!' : ''}`),
      owners: rows('SELECT uid, state FROM owners ORDER BY uid').map((row) => `${row.uid}:${row.state}`),
      tasks: rows('SELECT id, due FROM tasks ORDER BY id').map((row) => (row.due === now ? String(row.id) : `${row.id}@${row.due}`)),
    };
  });
}

describe('applyEvent', () => {
  it('records edges of a new dependent and verifies an owner it has not heard of', async () => {
    expect(await fold([created('d', { owners: [link('o', true)] })])).toEqual({ edges: ['o->d!'], owners: ['o:unverified'], tasks: ['verify:o'] });
  });

  it('marks a deleted owner with dependents gone and schedules their collection', async () => {
    expect(await fold([created('d', { owners: [link('o')] }), deleted('o')])).toEqual({ edges: ['o->d'], owners: ['o:gone'], tasks: ['owner:o', 'verify:o'] });
  });

  it('forgets a deleted owner without dependents; a dependent heard of later gets verified (out of order)', async () => {
    expect(await fold([deleted('o'), created('d', { owners: [link('o')] })])).toEqual({ edges: ['o->d'], owners: ['o:unverified'], tasks: ['verify:o'] });
  });

  it('moves edges when a dependent changes owners, and drops them when it goes', async () => {
    const moved = await fold([created('d', { owners: [link('a')] }), changed('d', { owners: [link('a')] }, { owners: [link('b')] })]);
    expect(moved.edges).toEqual(['b->d']);
    expect(moved.owners).toEqual(['b:unverified']);
    const dropped = await fold([created('d', { owners: [link('a')] }), deleted('d', { owners: [link('a')] })]);
    expect([dropped.edges, dropped.owners]).toEqual([[], []]);
  });

  it('schedules an orphaning owner even without dependents (its finalizer must go)', async () => {
    const state = await fold([changed('o', {}, { deletionTimestamp: 't', deletionGracePeriodSeconds: 0, finalizers: ['orphan'] })]);
    expect([state.owners, state.tasks]).toEqual([['o:orphaning'], ['owner:o']]);
  });

  it('runs a foreground owner again when one of its dependents goes', async () => {
    const foreground = { deletionTimestamp: 't', deletionGracePeriodSeconds: 0, finalizers: ['foregroundDeletion'] };
    const events = [created('d', { owners: [link('o', true)] }), changed('o', {}, foreground)];
    const state = await fold([...events, deleted('d', { owners: [link('o', true)] })]);
    expect([state.edges, state.owners, state.tasks]).toEqual([[], ['o:deletingDependents'], ['owner:o', 'verify:o']]);
  });

  it('schedules a grace period expiry at the deletionTimestamp, and a terminating namespace', async () => {
    const pod = changed('p', {}, { resource: 'pods', deletionTimestamp: '2026-01-01T00:00:30Z', deletionGracePeriodSeconds: 30 });
    const namespace = controllerEvent(facts('n', { resource: 'namespaces', namespace: '' }), facts('n', { resource: 'namespaces', namespace: '', deletionTimestamp: 't' }))!;
    expect((await fold([pod, namespace])).tasks).toEqual([`expire:p@${Date.parse('2026-01-01T00:00:30Z')}`, 'namespace:n']);
  });

  it('leaves the same state when events are applied twice', async () => {
    const events = [created('d1', { owners: [link('o')] }), created('d2', { owners: [link('o')] }), deleted('o'), deleted('d1', { owners: [link('o')] })];
    expect(await fold([...events, ...events])).toEqual(await fold(events));
  });

  it('keeps only the uids the shard owns', async () => {
    const state = await fold([created('d', { owners: [link('mine'), link('theirs')] }), deleted('theirs')], (uid) => uid === 'mine');
    expect(state).toEqual({ edges: ['mine->d'], owners: ['mine:unverified'], tasks: ['verify:mine'] });
  });
});
