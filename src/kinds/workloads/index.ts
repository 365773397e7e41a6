/**
 * Semantics of the built-in kinds outside the core group (apps, batch, rbac, coordination,
 * networking, policy, autoscaling, scheduling, storage, discovery, node), kube v1.32. Each kind
 * lives in its own file; shared rules sit in apps-validation, job-spec, label-selector, ...
 */
import type { KindSemanticsTable } from '../types.js';
import { cronJobSemantics } from './cron-job.js';
import { daemonSetSemantics } from './daemon-set.js';
import { deploymentSemantics } from './deployment.js';
import { endpointSliceSemantics } from './endpoint-slice.js';
import { horizontalPodAutoscalerSemantics } from './horizontal-pod-autoscaler.js';
import { ingressClassSemantics } from './ingress-class.js';
import { ingressSemantics } from './ingress.js';
import { jobSemantics } from './job.js';
import { leaseSemantics } from './lease.js';
import { networkPolicySemantics } from './network-policy.js';
import { podDisruptionBudgetSemantics } from './pod-disruption-budget.js';
import { priorityClassSemantics } from './priority-class.js';
import { clusterRoleBindingSemantics, roleBindingSemantics } from './rbac-bindings.js';
import { clusterRoleSemantics, roleSemantics } from './rbac-roles.js';
import { replicaSetSemantics } from './replica-set.js';
import { runtimeClassSemantics } from './runtime-class.js';
import { statefulSetSemantics } from './stateful-set.js';
import { storageClassSemantics } from './storage-class.js';

export const workloadKinds: KindSemanticsTable = {
  'apps/Deployment': deploymentSemantics,
  'apps/ReplicaSet': replicaSetSemantics,
  'apps/StatefulSet': statefulSetSemantics,
  'apps/DaemonSet': daemonSetSemantics,
  'batch/Job': jobSemantics,
  'batch/CronJob': cronJobSemantics,
  'rbac.authorization.k8s.io/Role': roleSemantics,
  'rbac.authorization.k8s.io/ClusterRole': clusterRoleSemantics,
  'rbac.authorization.k8s.io/RoleBinding': roleBindingSemantics,
  'rbac.authorization.k8s.io/ClusterRoleBinding': clusterRoleBindingSemantics,
  'coordination.k8s.io/Lease': leaseSemantics,
  'networking.k8s.io/Ingress': ingressSemantics,
  'networking.k8s.io/IngressClass': ingressClassSemantics,
  'networking.k8s.io/NetworkPolicy': networkPolicySemantics,
  'policy/PodDisruptionBudget': podDisruptionBudgetSemantics,
  // One entry serves autoscaling/v1 and v2; the semantics read the object's apiVersion.
  'autoscaling/HorizontalPodAutoscaler': horizontalPodAutoscalerSemantics,
  'scheduling.k8s.io/PriorityClass': priorityClassSemantics,
  'storage.k8s.io/StorageClass': storageClassSemantics,
  'discovery.k8s.io/EndpointSlice': endpointSliceSemantics,
  'node.k8s.io/RuntimeClass': runtimeClassSemantics,
};
