/**
 * Graceful deletion without a kubelet: a pod deleted with a grace period lingers with a
 * deletionTimestamp in the future; nothing on a node will confirm its end, so when that time
 * comes the server does what the kubelet would: delete it again with a zero grace period (its
 * finalizers, if any, still hold it).
 */
import type { ApiClient } from './api-client.js';
import type { ObjectRef } from '../durable/partition/graph.js';

/** null: done; a number: look again at that time (the deadline moved later). */
export async function expireGrace(api: ApiClient, ref: ObjectRef, now: Date): Promise<number | null> {
  const type = await api.typeAt(ref);
  const object = type && (await api.get(type, ref.namespace, ref.name));
  if (!type || !object || object.metadata.uid !== ref.uid || !object.metadata.deletionTimestamp) return null;
  const deadline = Date.parse(object.metadata.deletionTimestamp);
  if (deadline > now.getTime()) return deadline;
  if (!object.metadata.deletionGracePeriodSeconds) return null;
  await api.delete(type, ref.namespace, ref.name, ref.uid, { gracePeriodSeconds: 0 });
  return null;
}
