/**
 * autoscaling HorizontalPodAutoscaler, served as v1 and v2 from one store: the defaults of
 * pkg/apis/autoscaling/v1 and v2/defaults.go, ValidateHorizontalPodAutoscaler(Update)
 * (pkg/apis/autoscaling/validation/validation.go) and the strategy, kube v1.32. kube validates the
 * internal (v2-shaped) object, so a v1 object's targetCPUUtilizationPercentage is checked, and
 * reported, as `spec.metrics[0].resource.target.averageUtilization`.
 */
import { fieldError, type FieldError } from '../../core/field-errors.js';
import type { KubeObject } from '../../registry/object.js';
import { asList, asNumber, asRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { defaultBehavior, validateBehavior } from './autoscaler-behavior.js';
import { validateMetrics, validateObjectReference } from './autoscaler-metrics.js';
import { keepStatus, resetStatus, specForWrite, specOf } from './strategy.js';

/** autoscaling.DefaultCPUUtilization. */
const defaultCPUUtilization = 80;

function isVersion1(object: KubeObject): boolean {
  return object.apiVersion === 'autoscaling/v1';
}

/** The CPU utilization metric kube defaults in (v2) or converts targetCPUUtilizationPercentage to (v1). */
function cpuMetric(utilization: unknown): JsonRecord {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

/**
 * v1: minReplicas 1 (the CPU target stays unset). v2: minReplicas 1, an 80% CPU metric when there
 * are none, and a given behavior completed.
 */
export function defaultHorizontalPodAutoscaler(object: KubeObject): void {
  const spec = specForWrite(object);
  setDefault(spec, 'minReplicas', 1);
  if (isVersion1(object)) {
    orderKeys(spec, ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'targetCPUUtilizationPercentage']);
    return;
  }
  if (asList(spec.metrics).length === 0) spec.metrics = [cpuMetric(defaultCPUUtilization)];
  defaultBehavior(spec);
  orderKeys(spec, ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics', 'behavior']);
}

/** The spec as the internal type holds it (v1's CPU target as a metric). */
function internalSpec(object: KubeObject): JsonRecord {
  const spec = specOf(object);
  if (!isVersion1(object)) return spec;
  const target = spec.targetCPUUtilizationPercentage;
  return { ...spec, metrics: target === undefined || target === null ? [] : [cpuMetric(target)] };
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

/** A new status is the Go zero value; desiredReplicas (and in v1 currentReplicas) has no omitempty. */
function prepareCreate(object: KubeObject): void {
  resetStatus(object, isVersion1(object) ? { currentReplicas: 0, desiredReplicas: 0 } : { desiredReplicas: 0 });
}

export const horizontalPodAutoscalerSemantics: KindSemantics = {
  default: defaultHorizontalPodAutoscaler,
  prepareForCreate: prepareCreate,
  prepareForUpdate: keepStatus,
  validate: (object) => validateHorizontalPodAutoscalerSpec(internalSpec(object), 1, 'spec'),
  validateUpdate,
};
