/**
 * Webhook conversion of custom resources: the storage decorator the server registers into the
 * registry (server/assembly/hooks.ts) for every CRD whose conversion strategy is Webhook.
 */
import type { ResourceType } from '../../api/catalog.js';
import type { ClusterContext } from '../../cluster/context.js';
import type { Storage } from '../../storage/types.js';
import { ConvertingStorage } from './converting-storage.js';
import { webhookConverter } from './webhook-converter.js';

/** The storage of `type` in `cluster`: converting through the CRD's webhook when it has one. */
export function conversionStorage(cluster: ClusterContext, type: ResourceType, storage: Storage): Storage {
  const webhook = type.custom?.conversion === 'Webhook' ? type.custom.webhook : undefined;
  return webhook ? new ConvertingStorage(storage, type, cluster.name, webhookConverter(cluster, webhook)) : storage;
}
