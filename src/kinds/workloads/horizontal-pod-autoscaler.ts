/**
 * autoscaling HorizontalPodAutoscaler, served as v1 and v2 from one store: the defaults of
 * pkg/apis/autoscaling/v1 and v2/defaults.go, ValidateHorizontalPodAutoscaler(Update)
 * (pkg/apis/autoscaling/validation/validation.go) and the strategy, kube v1.32. kube validates the
 * internal (v2-shaped) object, so a v1 object's targetCPUUtilizationPercentage is checked, and
 * reported, as `spec.metrics[0].resource.target.averageUtilization`.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asList, asNumber, asRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { defaultBehavior, validateBehavior } from './autoscaler-behavior.js';
import { autoscalerToV1, autoscalerToV2, cpuMetric, defaultCPUUtilization, v1StatusAnnotations } from './autoscaler-conversion.js';
import { validateMetrics, validateObjectReference } from './autoscaler-metrics.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

function isVersion1(object: KubeObject): boolean {
  return object.apiVersion === 'autoscaling/v1';
}

/**
 * v1: minReplicas 1, then the object as kube serves it back after converting it to the internal
 * type (an 80% CPU target when it names no metric; the round-trip annotations). v2: minReplicas 1,
 * an 80% CPU metric when there are none, a given behavior completed, and status.currentMetrics,
 * which Go never omits, null when unset.
 */
export function defaultHorizontalPodAutoscaler(object: KubeObject): void {
  const spec = specForWrite(object);
  setDefault(spec, 'minReplicas', 1);
  if (isVersion1(object)) return replaceWith(object, autoscalerToV1(autoscalerToV2(object)));
  if (asList(spec.metrics).length === 0) spec.metrics = [cpuMetric(defaultCPUUtilization)];
  defaultBehavior(spec);
  orderKeys(spec, ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics', 'behavior']);
  const status = asRecord(object.status);
  if (status) {
    setDefault(status, 'currentMetrics', null);
    orderKeys(status, ['observedGeneration', 'lastScaleTime', 'currentReplicas', 'desiredReplicas', 'currentMetrics', 'conditions']);
  }
}

function replaceWith(object: KubeObject, replacement: KubeObject): void {
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, replacement);
}

/** The spec as the internal type holds it (a v1 object converted to v2). */
function internalSpec(object: KubeObject): JsonRecord {
  return specOf(isVersion1(object) ? autoscalerToV2(object) : object);
}

/** validateHorizontalPodAutoscalerSpec. minReplicas may be 0 only where `minimum` is 0. */
export function validateHorizontalPodAutoscalerSpec(spec: JsonRecord, minimum: number, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const minReplicas = asNumber(spec.minReplicas);
  const maxReplicas = asNumber(spec.maxReplicas) ?? 0;
  if (minReplicas !== undefined && minReplicas < minimum) {
    errors.push(fieldError.invalid(`${path}.minReplicas`, minReplicas, `must be greater than or equal to ${minimum}`));
  }
  if (maxReplicas < 1) errors.push(fieldError.invalid(`${path}.maxReplicas`, maxReplicas, 'must be greater than 0'));
  if (minReplicas !== undefined && maxReplicas < minReplicas) {
    errors.push(fieldError.invalid(`${path}.maxReplicas`, maxReplicas, 'must be greater than or equal to `minReplicas`'));
  }
  errors.push(...validateObjectReference(asRecord(spec.scaleTargetRef) ?? {}, `${path}.scaleTargetRef`));
  errors.push(...validateMetrics(spec.metrics, minReplicas, `${path}.metrics`));
  errors.push(...validateBehavior(spec.behavior, `${path}.behavior`));
  return errors;
}

/**
 * HPAScaleToZero is alpha (off) in v1.32, so minReplicas must be at least 1, unless an update's
 * old object already had 0.
 */
function validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const minimum = asNumber(specOf(old).minReplicas) === 0 ? 0 : 1;
  return validateHorizontalPodAutoscalerSpec(internalSpec(object), minimum, 'spec');
}

/**
 * A new status is the Go zero value (desiredReplicas, v1's currentReplicas and v2's currentMetrics
 * have no omitempty). A v1 object's status also lives in two annotations, reset with it.
 */
function prepareCreate(object: KubeObject): void {
  resetStatus(object, isVersion1(object) ? { currentReplicas: 0, desiredReplicas: 0 } : { desiredReplicas: 0, currentMetrics: null });
  if (isVersion1(object)) keepStatusAnnotations(object, {});
}

function prepareUpdate(object: KubeObject, old: KubeObject): void {
  keepStatus(object, old);
  if (isVersion1(object)) keepStatusAnnotations(object, old.metadata.annotations ?? {});
}

/** A v1 object's status annotations set as `from` has them. */
function keepStatusAnnotations(object: KubeObject, from: Record<string, string>): void {
  const annotations = { ...(object.metadata.annotations ?? {}) };
  for (const key of v1StatusAnnotations) {
    if (from[key] === undefined) delete annotations[key];
    else annotations[key] = from[key];
  }
  if (Object.keys(annotations).length) object.metadata.annotations = annotations;
  else delete object.metadata.annotations;
}

export const horizontalPodAutoscalerSemantics: KindSemantics = {
  default: defaultHorizontalPodAutoscaler,
  prepareForCreate: prepareCreate,
  prepareForUpdate: prepareUpdate,
  validate: (object) => validateHorizontalPodAutoscalerSpec(internalSpec(object), 1, 'spec'),
  validateUpdate,
};
