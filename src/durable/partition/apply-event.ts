/**
 * Folds one controller event into a partition's graph (graph.ts) and schedules the work it calls for.
 * Idempotent: applying an event twice, or an older event again after a newer one of the same
 * object was applied only by another partition, leaves the same state. Events of different objects
 * arrive in any order; an owner named by a dependent before its own events arrive is verified by
 * reading it (the `verify` task), which also finds owners that never existed.
 */
import { type ControllerEvent, watchingTask } from './events.js';
import type { Graph, ObjectRef, OwnerState } from './graph.js';
import { foregroundFinalizer, orphanFinalizer } from '../../apimachinery/object.js';

/** States in which a change to an owner's dependents may let its work progress. */
const waitingStates: ReadonlySet<OwnerState> = new Set(['gone', 'orphaning', 'deletingDependents']);

/** Applies `event` to this partition: `mine` tells which uids the partition owns. */
export function applyEvent(graph: Graph, event: ControllerEvent, mine: (uid: string) => boolean, now: number): void {
  const self = refOf(event);
  if (mine(event.uid)) applyToSelf(graph, event, self, now);
  const current = new Set(event.owners.map((owner) => owner.uid));
  for (const previous of event.previousOwners) {
    if (!mine(previous.uid) || current.has(previous.uid)) continue;
    graph.removeEdge(previous.uid, event.uid);
    touch(graph, previous.uid, now);
  }
  for (const owner of event.owners) {
    if (!mine(owner.uid)) continue;
    graph.putEdge(owner.uid, self, !!owner.block);
    if (!graph.owner(owner.uid)) {
      const reference = { apiVersion: owner.apiVersion, kind: owner.kind, name: owner.name, uid: owner.uid };
      graph.setOwner(owner.uid, 'unverified', { reference, namespace: event.namespace, dependentNamespaced: event.namespace !== '' });
      graph.schedule('verify', owner.uid, null, now);
    }
    touch(graph, owner.uid, now);
  }
}

function refOf(event: ControllerEvent): ObjectRef {
  const { group, version, resource, namespace, name, uid } = event;
  return { group, version, resource, namespace, name, uid };
}

/**
 * An owner whose dependents changed gets its work run again if it is waiting on them; a live
 * owner left without dependents is forgotten.
 */
function touch(graph: Graph, uid: string, now: number): void {
  const owner = graph.owner(uid);
  if (!owner) return;
  if (waitingStates.has(owner.state)) graph.schedule('owner', uid, null, now);
  else if (!graph.hasEdges(uid)) graph.forgetOwner(uid);
}

/** The event as news of the object itself: as an owner, and its own deletion. */
function applyToSelf(graph: Graph, event: ControllerEvent, self: ObjectRef, now: number): void {
  const locator = { object: self };
  if (event.deleted) {
    if (graph.hasEdges(event.uid)) {
      graph.setOwner(event.uid, 'gone', locator);
      graph.schedule('owner', event.uid, null, now);
    } else graph.forgetOwner(event.uid);
    return;
  }
  const task = watchingTask(event);
  if (task) graph.schedule(task, event.uid, self, now);
  if (task === 'crd') recordCustomType(graph, event.name);
  const state = ownerState(event);
  if (state !== 'present') {
    graph.setOwner(event.uid, state, locator);
    graph.schedule('owner', event.uid, null, now);
  } else if (graph.owner(event.uid)) graph.setOwner(event.uid, 'present', locator);
  if (!event.deletionTimestamp) return;
  if ((event.deletionGracePeriodSeconds ?? 0) > 0) graph.schedule('expire', event.uid, self, Date.parse(event.deletionTimestamp));
  if (event.group === '' && event.resource === 'namespaces') graph.schedule('namespace', event.uid, self, now);
}

/** A CRD's name is `plural.group`: the storage shard its objects go to, which erasing the cluster must reach. */
function recordCustomType(graph: Graph, crdName: string): void {
  const dot = crdName.indexOf('.');
  if (dot > 0) graph.recordCustomType(crdName.slice(dot + 1), crdName.slice(0, dot));
}

function ownerState(event: ControllerEvent): OwnerState {
  if (!event.deletionTimestamp) return 'present';
  if (event.finalizers.includes(orphanFinalizer)) return 'orphaning';
  if (event.finalizers.includes(foregroundFinalizer)) return 'deletingDependents';
  return 'present';
}
