/**
 * Semantics of the kinds of the cluster's own machinery, kube v1.32: Lease (coordination.k8s.io),
 * PriorityClass (scheduling.k8s.io), RuntimeClass (node.k8s.io), StorageClass (storage.k8s.io).
 */
import type { KindSemanticsTable } from '../types.js';
import { leaseSemantics } from './lease.js';
import { priorityClassSemantics } from './priority-class.js';
import { runtimeClassSemantics } from './runtime-class.js';
import { storageClassSemantics } from './storage-class.js';

export const platformKinds: KindSemanticsTable = {
  'coordination.k8s.io/Lease': leaseSemantics,
  'scheduling.k8s.io/PriorityClass': priorityClassSemantics,
  'node.k8s.io/RuntimeClass': runtimeClassSemantics,
  'storage.k8s.io/StorageClass': storageClassSemantics,
};
