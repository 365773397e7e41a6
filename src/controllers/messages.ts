/**
 * The messages a write sends to the controllers: the write path holds the object before and
 * after, so it computes the event (events.ts) and addresses it to the partitions that must hear
 * it (partitions.ts). Storage only keeps them in the write's transaction and delivers them.
 */
import type { ResourceType } from '../api/catalog.js';
import type { ClusterContext } from '../cluster/context.js';
import type { KubeObject } from '../apimachinery/object.js';
import type { OutboxMessage } from '../storage/types.js';
import { controllerEvent } from '../durable/partition/events.js';
import { controllerFactsOf } from './facts.js';
import { eventPartitions } from '../durable/partition/partitions.js';

/** The messages of a write of `type` from `previous` to `next` (null: absent); none for most writes. */
export function controllerMessages(cluster: ClusterContext, type: ResourceType, previous: KubeObject | null, next: KubeObject | null): OutboxMessage[] {
  const event = controllerEvent(previous && controllerFactsOf(type, previous), next && controllerFactsOf(type, next), cluster.settings.builtinControllers !== 'off');
  if (!event) return [];
  const body = JSON.stringify(event);
  return eventPartitions(event, cluster.settings.controllerPartitions).map((partition) => ({ to: { cluster: cluster.name, partition }, body }));
}
