/**
 * Semantics of the workload kinds (apps, batch, policy, autoscaling), kube v1.32. Each kind lives
 * in its own file; shared rules sit in apps-validation, job-spec, ... and ../shared.
 */
import type { KindSemanticsTable } from '../types.js';
import { cronJobSemantics } from './cron-job.js';
import { daemonSetSemantics } from './daemon-set.js';
import { deploymentSemantics } from './deployment.js';
import { horizontalPodAutoscalerSemantics } from './horizontal-pod-autoscaler.js';
import { jobSemantics } from './job.js';
import { podDisruptionBudgetSemantics } from './pod-disruption-budget.js';
import { replicaSetSemantics } from './replica-set.js';
import { statefulSetSemantics } from './stateful-set.js';

export const workloadKinds: KindSemanticsTable = {
  'apps/Deployment': deploymentSemantics,
  'apps/ReplicaSet': replicaSetSemantics,
  'apps/StatefulSet': statefulSetSemantics,
  'apps/DaemonSet': daemonSetSemantics,
  'batch/Job': jobSemantics,
  'batch/CronJob': cronJobSemantics,
  'policy/PodDisruptionBudget': podDisruptionBudgetSemantics,
  // One entry serves autoscaling/v1 and v2; the semantics read the object's apiVersion.
  'autoscaling/HorizontalPodAutoscaler': horizontalPodAutoscalerSemantics,
};
