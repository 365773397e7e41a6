/**
 * Opening a watch socket to the Durable Object that owns a type: an upgrade request carrying the
 * Subscription, answered by the Durable Object's WatchHub.
 */
import type { ResourceType } from '../api/catalog.js';
import type { Env } from '../env.js';
import { defaultCluster, shardName } from '../storage/shard.js';
import { subscriptionHeader, type Subscription } from './protocol.js';

/** Connects to the owner of `type` (shard chosen for `namespace`) and returns the accepted socket. */
export async function connectWatch(env: Env, type: ResourceType, namespace: string, subscription: Subscription): Promise<WebSocket> {
  const name = shardName({ cluster: defaultCluster, group: type.group, resource: type.resource, namespace });
  const stub = env.RESOURCE_STORE.get(env.RESOURCE_STORE.idFromName(name));
  const response = await stub.fetch('https://resource-store/watch', {
    headers: { upgrade: 'websocket', [subscriptionHeader]: JSON.stringify(subscription) },
  });
  const socket = response.webSocket;
  if (!socket) throw new Error(`watch subscription refused: ${response.status}`);
  socket.accept();
  return socket;
}
