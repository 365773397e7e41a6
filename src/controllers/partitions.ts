/**
 * Which controller partition (a ControllerPartition Durable Object) handles what. The controllers
 * are partitioned by object uid: partition(uid) keeps that object's state as an owner (its
 * dependents, its orphan or foreground deletion, its grace period, its namespace's termination
 * when it is a namespace). An event therefore goes to the partition of the object itself and to
 * the partition of each owner it names, now or before the write (whose edge lists change).
 */
import type { ControllerEvent } from './events.js';

/** FNV-1a of a string: a stable, well-spread partition choice. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The partition index of an object uid among `partitions`. */
export function partitionOf(uid: string, partitions: number): number {
  return hash(uid) % partitions;
}

/** The partitions an event must reach, each once. */
export function eventPartitions(event: ControllerEvent, partitions: number): number[] {
  const targets = new Set([partitionOf(event.uid, partitions)]);
  for (const owner of [...event.owners, ...event.previousOwners]) targets.add(partitionOf(owner.uid, partitions));
  return [...targets];
}
