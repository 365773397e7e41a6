/**
 * Pod (core/v1): SetDefaults_Pod and the pod spec defaults; what kube's default admission chain
 * adds on create (DefaultTolerationSeconds, Priority); the strategy's PrepareForCreate (status
 * Pending with the QoS class, the SchedulingGated condition) and PrepareForUpdate (status kept);
 * ValidatePodCreate and ValidatePodUpdate (pkg/registry/core/pod/strategy.go, kube v1.32).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asRecords, asText, asTextMap, ensureRecord, orderEach, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateImageWhitespace } from './container-validation.js';
import { defaultPod } from './pod-defaults.js';
import { podConditionOrder, podSpecOrder, podStatusOrder, tolerationOrder } from './pod-schema.js';
import { validatePodSpec } from './pod-spec-validation.js';
import { mirrorAnnotation, validatePodAnnotationUpdates, validatePodSpecUpdate } from './pod-update.js';
import { computePodQOS } from './qos.js';

/** The --default-not-ready-toleration-seconds and --default-unreachable-toleration-seconds defaults. */
const defaultTolerationSeconds = 300;
const tolerationTaints = ['node.kubernetes.io/not-ready', 'node.kubernetes.io/unreachable'];

/** The priority of kube's two built-in PriorityClasses; without a class and no global default, 0. */
const systemPriorities: Record<string, number> = { 'system-node-critical': 2000001000, 'system-cluster-critical': 2000000000 };

/** DefaultTolerationSeconds admission: tolerate not-ready and unreachable NoExecute taints for 300s unless the pod already does. */
export function addDefaultTolerations(spec: JsonRecord): void {
  const tolerations = asRecords(spec.tolerations);
  for (const taint of tolerationTaints) {
    const tolerated = tolerations.some((toleration) => {
      const key = asText(toleration.key);
      const effect = asText(toleration.effect);
      return (key === taint || key === '') && (effect === 'NoExecute' || effect === '');
    });
    if (!tolerated) tolerations.push({ key: taint, operator: 'Exists', effect: 'NoExecute', tolerationSeconds: defaultTolerationSeconds });
  }
  spec.tolerations = tolerations;
  orderEach(spec, 'tolerations', tolerationOrder);
}

/** Priority admission on create: the class's priority (0 without one) and PreemptLowerPriority. */
function resolvePriority(spec: JsonRecord): void {
  const className = asText(spec.priorityClassName);
  // An unknown class is kube's 403 "no PriorityClass with name ... was found"; here it keeps what the pod says.
  if (className && !(className in systemPriorities)) return;
  if (spec.priority === undefined || spec.priority === null) spec.priority = className ? systemPriorities[className] : 0;
  if (spec.preemptionPolicy === undefined || spec.preemptionPolicy === null) spec.preemptionPolicy = 'PreemptLowerPriority';
}

/** The Pod's status on create: Pending, its QoS class, and a SchedulingGated condition when gated. */
function initialStatus(spec: JsonRecord): JsonRecord {
  const status: JsonRecord = { phase: 'Pending' };
  if (asRecords(spec.schedulingGates).length) {
    // lastProbeTime and lastTransitionTime are metav1.Time structs left zero: Go writes null.
    const condition = {
      type: 'PodScheduled', status: 'False', lastProbeTime: null, lastTransitionTime: null,
      reason: 'SchedulingGated', message: 'Scheduling is blocked due to non-empty scheduling gates',
    };
    status.conditions = [condition];
  }
  status.qosClass = computePodQOS(spec);
  return status;
}

function orderPod(pod: KubeObject): void {
  orderKeys(pod as JsonRecord, ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
  const status = asRecord(pod.status);
  if (status) {
    for (const condition of asRecords(status.conditions)) zeroConditionTimes(condition);
    orderEach(status, 'conditions', podConditionOrder);
    orderKeys(status, podStatusOrder);
  }
}

/**
 * A PodCondition's lastProbeTime and lastTransitionTime are metav1.Time values, not pointers: Go
 * writes a missing one as null (kube-scheduler's status patch `lastProbeTime: null` deletes the
 * field, and kube still shows `lastProbeTime: null`; issue 34, item 6).
 */
function zeroConditionTimes(condition: JsonRecord): void {
  if (condition.lastProbeTime === undefined) condition.lastProbeTime = null;
  if (condition.lastTransitionTime === undefined) condition.lastTransitionTime = null;
}

/** validatePodMetadataAndSpec without ObjectMeta (the generic strategy checks it): annotations, spec, pod-only rules. */
export function validatePodMetadataAndSpec(pod: KubeObject): FieldError[] {
  const spec = asRecord(pod.spec) ?? {};
  const annotations = asTextMap(pod.metadata.annotations);
  const errors: FieldError[] = [];
  if (mirrorAnnotation in annotations && !asText(spec.nodeName)) {
    errors.push(fieldError.invalid(`metadata.annotations[${mirrorAnnotation}]`, annotations[mirrorAnnotation], 'must set spec.nodeName if mirror pod annotation is set'));
  }
  const deletionCost = annotations['controller.kubernetes.io/pod-deletion-cost'];
  if (deletionCost !== undefined && !isInt32(deletionCost)) {
    errors.push(fieldError.invalid('metadata.annotations[controller.kubernetes.io/pod-deletion-cost]', deletionCost, 'must be a 32bit integer'));
  }
  errors.push(...validatePodSpec(spec, 'spec', { resourceIsPod: true }));
  if (!asText(spec.serviceAccountName)) errors.push(...projectedTokensNeedServiceAccount(spec));
  errors.push(...validateImageWhitespace(spec.containers, 'spec.containers'));
  errors.push(...validateImageWhitespace(spec.initContainers, 'spec.initContainers'));
  return errors;
}

function isInt32(text: string): boolean {
  return /^-?[0-9]+$/.test(text) && Math.abs(Number(text)) <= 2147483648 && Number(text) <= 2147483647;
}

function projectedTokensNeedServiceAccount(spec: JsonRecord): FieldError[] {
  return asRecords(spec.volumes).flatMap((volume, volumeIndex) =>
    asRecords(asRecord(volume.projected)?.sources).flatMap((source, sourceIndex) =>
      asRecord(source.serviceAccountToken)
        ? [fieldError.forbidden(`spec.volumes[${volumeIndex}].projected.sources[${sourceIndex}].serviceAccountToken`, 'must not be specified when serviceAccountName is not set')]
        : []));
}

/** ValidatePodCreate: no ephemeral containers on create; no nodeName while scheduling gates remain. */
function validatePodCreate(pod: KubeObject): FieldError[] {
  const spec = asRecord(pod.spec) ?? {};
  const errors = validatePodMetadataAndSpec(pod);
  if (asRecords(spec.ephemeralContainers).length) errors.push(fieldError.forbidden('spec.ephemeralContainers', 'cannot be set on create'));
  if (asText(spec.nodeName) && asRecords(spec.schedulingGates).length) {
    errors.push(fieldError.forbidden('spec.nodeName', 'cannot be set until all schedulingGates have been cleared'));
  }
  return errors;
}

/** PodStatus's lists, all `omitempty` in Go: kube never stores them empty (a kubelet's `initContainerStatuses: []` is dropped). */
const omitEmptyStatusLists = ['conditions', 'hostIPs', 'podIPs', 'initContainerStatuses', 'containerStatuses', 'ephemeralContainerStatuses', 'resourceClaimStatuses'];

function dropEmptyStatusLists(pod: KubeObject): void {
  const status = asRecord(pod.status);
  if (!status) return;
  for (const field of omitEmptyStatusLists) if (Array.isArray(status[field]) && status[field].length === 0) delete status[field];
}

/** The Pod kind's semantics. */
export const pod: KindSemantics = {
  default(object) {
    defaultPod(object as JsonRecord);
    orderPod(object);
  },
  prepareForCreate(object) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    addDefaultTolerations(spec);
    resolvePriority(spec);
    orderKeys(spec, podSpecOrder);
    object.status = initialStatus(spec);
    orderPod(object);
  },
  prepareForUpdate(object, old) {
    const spec = ensureRecord(object as JsonRecord, 'spec');
    const oldSpec = asRecord(old.spec) ?? {};
    addDefaultTolerations(spec);
    // Priority admission on update keeps what it set on create.
    if (spec.priority === undefined && oldSpec.priority !== undefined) spec.priority = oldSpec.priority;
    if (spec.preemptionPolicy === undefined && oldSpec.preemptionPolicy !== undefined) spec.preemptionPolicy = oldSpec.preemptionPolicy;
    orderKeys(spec, podSpecOrder);
    if (old.status === undefined) delete object.status;
    else object.status = old.status;
    orderPod(object);
  },
  prepareForStatusUpdate(object) {
    dropEmptyStatusLists(object);
  },
  validate: validatePodCreate,
  validateUpdate(object, old) {
    return [
      ...validatePodMetadataAndSpec(object),
      ...validatePodAnnotationUpdates(object.metadata.annotations, old.metadata.annotations),
      ...validatePodSpecUpdate(asRecord(object.spec) ?? {}, asRecord(old.spec) ?? {}),
    ];
  },
  gracePeriodOnDelete: podGracePeriod,
};

/**
 * podStrategy.CheckGracefulDelete: the requested period, else the pod's
 * terminationGracePeriodSeconds (else 0); 0 for a pod no node runs (unscheduled) or that has
 * finished; a negative period counts as 1.
 */
function podGracePeriod(object: KubeObject, requested: number | undefined): number {
  const spec = asRecord(object.spec) ?? {};
  const phase = asText(asRecord(object.status)?.phase);
  let period = requested ?? (typeof spec.terminationGracePeriodSeconds === 'number' ? spec.terminationGracePeriodSeconds : 0);
  if (!asText(spec.nodeName)) period = 0;
  if (phase === 'Failed' || phase === 'Succeeded') period = 0;
  return period < 0 ? 1 : period;
}
