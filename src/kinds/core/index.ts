/**
 * Kinds of the core group (kube v1.32): defaulting, preparation and validation per kind, keyed
 * `/Kind`. Pod template helpers for the workload kinds are exported from templates.ts.
 */
import type { KindSemanticsTable } from '../types.js';
import { configMap } from './config-map.js';
import { endpoints } from './endpoints.js';
import { event } from './event.js';
import { limitRange } from './limit-range.js';
import { namespace, serviceAccount } from './namespace.js';
import { node } from './node.js';
import { persistentVolume, persistentVolumeClaim } from './persistent-volume.js';
import { pod } from './pod.js';
import { podTemplate, replicationController } from './replication-controller.js';
import { resourceQuota } from './resource-quota.js';
import { secret } from './secret.js';
import { service } from './service.js';

export const coreKinds: KindSemanticsTable = {
  '/Pod': pod,
  '/PodTemplate': podTemplate,
  '/ReplicationController': replicationController,
  '/Service': service,
  '/Endpoints': endpoints,
  '/ConfigMap': configMap,
  '/Secret': secret,
  '/ServiceAccount': serviceAccount,
  '/Namespace': namespace,
  '/Event': event,
  '/PersistentVolumeClaim': persistentVolumeClaim,
  '/PersistentVolume': persistentVolume,
  '/Node': node,
  '/LimitRange': limitRange,
  '/ResourceQuota': resourceQuota,
};
