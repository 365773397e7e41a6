/**
 * Which controller partition (a ControllerPartition Durable Object) handles what. The controllers
 * are partitioned by object uid: partition(uid) keeps that object's state as an owner (its
 * dependents, its orphan or foreground deletion, its grace period, its namespace's termination
 * when it is a namespace). An event therefore goes to the partition of the object itself and to
 * the partition of each owner it names, now or before the write (whose edge lists change).
 */
import { fnv1a } from '../../apimachinery/hash.js';
import type { ControllerEvent } from './events.js';

/** The partition index of an object uid among `partitions`. */
export function partitionOf(uid: string, partitions: number): number {
  return fnv1a(uid) % partitions;
}

/** The partitions an event must reach, each once. */
export function eventPartitions(event: ControllerEvent, partitions: number): number[] {
  const targets = new Set([partitionOf(event.uid, partitions)]);
  for (const owner of [...event.owners, ...event.previousOwners]) targets.add(partitionOf(owner.uid, partitions));
  return [...targets];
}
