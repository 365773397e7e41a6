/**
 * The printers of the built-in kinds, keyed `group/resource` (core group: `/pods`), as kube
 * v1.32's pkg/printers/internalversion registers them; kinds without a printer there (roles,
 * cluster roles, limit ranges, custom resource definitions) get the default table convertor's
 * NAME and CREATED AT. The API server always prints wide: every column, priority 1 included.
 */
import type { Printer } from '../table-printer.js';
import { apiServicePrinter } from './apiregistration.js';
import { validatingAdmissionPolicyBindingPrinter, validatingAdmissionPolicyPrinter, webhookConfigurationPrinter } from './admission.js';
import { horizontalPodAutoscalerPrinter } from './autoscaling.js';
import { cronJobPrinter, jobPrinter } from './batch.js';
import { certificateSigningRequestPrinter } from './certificates.js';
import { componentStatusPrinter, leasePrinter, nodePrinter, priorityClassPrinter, runtimeClassPrinter } from './cluster.js';
import { configMapPrinter, namespacePrinter, resourceQuotaPrinter, secretPrinter, serviceAccountPrinter } from './config.js';
import { createdAtPrinter } from './created-at.js';
import { csiDriverPrinter, csiNodePrinter, csiStorageCapacityPrinter, volumeAttachmentPrinter } from './csi.js';
import { eventPrinter, eventsGroupEventPrinter } from './events.js';
import { flowSchemaPrinter, priorityLevelConfigurationPrinter } from './flowcontrol.js';
import { ingressClassPrinter, ingressPrinter, networkPolicyPrinter } from './networking.js';
import { podPrinter, podTemplatePrinter } from './pods.js';
import { podDisruptionBudgetPrinter } from './policy.js';
import { clusterRoleBindingPrinter, roleBindingPrinter } from './rbac.js';
import { endpointSlicePrinter, endpointsPrinter, servicePrinter } from './services.js';
import { persistentVolumeClaimPrinter, persistentVolumePrinter, storageClassPrinter } from './storage.js';
import {
  controllerRevisionPrinter, daemonSetPrinter, deploymentPrinter, replicaSetPrinter, replicationControllerPrinter, statefulSetPrinter,
} from './workloads.js';

/** Every built-in resource's printer, keyed `group/resource`. */
export const builtinPrinters: Record<string, Printer> = {
  '/componentstatuses': componentStatusPrinter,
  '/configmaps': configMapPrinter,
  '/endpoints': endpointsPrinter,
  '/events': eventPrinter,
  '/limitranges': createdAtPrinter,
  '/namespaces': namespacePrinter,
  '/nodes': nodePrinter,
  '/persistentvolumeclaims': persistentVolumeClaimPrinter,
  '/persistentvolumes': persistentVolumePrinter,
  '/pods': podPrinter,
  '/podtemplates': podTemplatePrinter,
  '/replicationcontrollers': replicationControllerPrinter,
  '/resourcequotas': resourceQuotaPrinter,
  '/secrets': secretPrinter,
  '/serviceaccounts': serviceAccountPrinter,
  '/services': servicePrinter,
  'apiregistration.k8s.io/apiservices': apiServicePrinter,
  'apps/controllerrevisions': controllerRevisionPrinter,
  'apps/daemonsets': daemonSetPrinter,
  'apps/deployments': deploymentPrinter,
  'apps/replicasets': replicaSetPrinter,
  'apps/statefulsets': statefulSetPrinter,
  'events.k8s.io/events': eventsGroupEventPrinter,
  'autoscaling/horizontalpodautoscalers': horizontalPodAutoscalerPrinter,
  'batch/cronjobs': cronJobPrinter,
  'batch/jobs': jobPrinter,
  'certificates.k8s.io/certificatesigningrequests': certificateSigningRequestPrinter,
  'networking.k8s.io/ingressclasses': ingressClassPrinter,
  'networking.k8s.io/ingresses': ingressPrinter,
  'networking.k8s.io/networkpolicies': networkPolicyPrinter,
  'policy/poddisruptionbudgets': podDisruptionBudgetPrinter,
  'rbac.authorization.k8s.io/clusterrolebindings': clusterRoleBindingPrinter,
  'rbac.authorization.k8s.io/clusterroles': createdAtPrinter,
  'rbac.authorization.k8s.io/rolebindings': roleBindingPrinter,
  'rbac.authorization.k8s.io/roles': createdAtPrinter,
  'storage.k8s.io/csidrivers': csiDriverPrinter,
  'storage.k8s.io/csinodes': csiNodePrinter,
  'storage.k8s.io/csistoragecapacities': csiStorageCapacityPrinter,
  'storage.k8s.io/storageclasses': storageClassPrinter,
  'storage.k8s.io/volumeattachments': volumeAttachmentPrinter,
  'admissionregistration.k8s.io/mutatingwebhookconfigurations': webhookConfigurationPrinter,
  'admissionregistration.k8s.io/validatingwebhookconfigurations': webhookConfigurationPrinter,
  'admissionregistration.k8s.io/validatingadmissionpolicies': validatingAdmissionPolicyPrinter,
  'admissionregistration.k8s.io/validatingadmissionpolicybindings': validatingAdmissionPolicyBindingPrinter,
  'apiextensions.k8s.io/customresourcedefinitions': createdAtPrinter,
  'scheduling.k8s.io/priorityclasses': priorityClassPrinter,
  'coordination.k8s.io/leases': leasePrinter,
  'node.k8s.io/runtimeclasses': runtimeClassPrinter,
  'discovery.k8s.io/endpointslices': endpointSlicePrinter,
  'flowcontrol.apiserver.k8s.io/flowschemas': flowSchemaPrinter,
  'flowcontrol.apiserver.k8s.io/prioritylevelconfigurations': priorityLevelConfigurationPrinter,
};
