/**
 * HorizontalPodAutoscaler between autoscaling/v1 and autoscaling/v2 (the stored version), as
 * pkg/apis/autoscaling/v1/conversion.go converts through the internal type. v1 carries what it
 * cannot say in four round-trip annotations: the metrics other than the CPU utilization target,
 * the current metrics, the behavior (the internal type marshalled with Go field names) and the
 * conditions. A v1 object without any metric gets the 80% CPU target there.
 */
import { cloneJson, asList, asNumber, asRecord, asRecords, type JsonRecord } from '../json-values.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { defaultBehavior } from './autoscaler-behavior.js';
import { cpuUtilizationOf, metricSpecToV1, metricSpecToV2, metricStatusToV1, metricStatusToV2 } from './autoscaler-metric-versions.js';

const prefix = 'autoscaling.alpha.kubernetes.io/';
const annotations = { metrics: `${prefix}metrics`, currentMetrics: `${prefix}current-metrics`, behavior: `${prefix}behavior`, conditions: `${prefix}conditions` };
const roundTrip = new Set(Object.values(annotations));

/** autoscaling.DefaultCPUUtilization. */
export const defaultCPUUtilization = 80;

export function cpuMetric(utilization: unknown): JsonRecord {
  return { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } } };
}

/** An autoscaling/v1 HPA as autoscaling/v2 (defaulted as kube's storage decodes it). */
export function autoscalerToV2(v1: KubeObject): KubeObject {
  const metadata = { ...v1.metadata };
  const given = { ...(v1.metadata.annotations ?? {}) };
  const spec = asRecord(v1.spec) ?? {};
  const status = asRecord(v1.status);
  const metrics = asRecords(parsed(given[annotations.metrics])).map(metricSpecToV2);
  if (typeof spec.targetCPUUtilizationPercentage === 'number') metrics.push(cpuMetric(spec.targetCPUUtilizationPercentage));
  if (metrics.length === 0) metrics.push(cpuMetric(defaultCPUUtilization));
  const v2Spec: JsonRecord = { scaleTargetRef: spec.scaleTargetRef, ...optional('minReplicas', spec.minReplicas), maxReplicas: spec.maxReplicas, metrics };
  const behavior = behaviorFromAnnotation(given[annotations.behavior]);
  if (behavior) {
    v2Spec.behavior = behavior;
    defaultBehavior(v2Spec);
  }
  setAnnotations(metadata, Object.fromEntries(Object.entries(given).filter(([key]) => !roundTrip.has(key))));
  const v2: KubeObject = { ...typeMeta(v1, 'autoscaling/v2'), metadata, spec: v2Spec };
  if (status) v2.status = statusToV2(status, given);
  return v2;
}

function statusToV2(status: JsonRecord, given: Record<string, string>): JsonRecord {
  const fromAnnotation = parsed(given[annotations.currentMetrics]);
  let currentMetrics: unknown = null;
  if (Array.isArray(fromAnnotation)) currentMetrics = asRecords(fromAnnotation).map(metricStatusToV2);
  else if (typeof status.currentCPUUtilizationPercentage === 'number') {
    currentMetrics = [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }];
  }
  const conditions = parsed(given[annotations.conditions]);
  return {
    ...optional('observedGeneration', status.observedGeneration), ...optional('lastScaleTime', status.lastScaleTime),
    ...(asNumber(status.currentReplicas) ? { currentReplicas: status.currentReplicas } : {}), desiredReplicas: asNumber(status.desiredReplicas) ?? 0,
    currentMetrics, ...(Array.isArray(conditions) && conditions.length ? { conditions: cloneJson(conditions) } : {}),
  };
}

/**
 * The v2 object each v1 view was made from: kube prints the internal object, whose metric order
 * the v1 view cannot keep (the CPU target moves out of the list).
 */
const sources = new WeakMap<KubeObject, KubeObject>();

/** The internal (v2) form of a v1 HPA: the object it was converted from, else its conversion. */
export function internalAutoscaler(v1: KubeObject): KubeObject {
  return sources.get(v1) ?? autoscalerToV2(v1);
}

/** What a v1 HPA's status is made of: status, and the current metrics and conditions annotations. */
export const v1StatusAnnotations = [annotations.currentMetrics, annotations.conditions];

/** An autoscaling/v2 HPA as autoscaling/v1. */
export function autoscalerToV1(v2: KubeObject): KubeObject {
  const v1 = convertToV1(v2);
  sources.set(v1, v2);
  return v1;
}

function convertToV1(v2: KubeObject): KubeObject {
  const metadata = { ...v2.metadata };
  const kept = Object.fromEntries(Object.entries(v2.metadata.annotations ?? {}).filter(([key]) => !roundTrip.has(key)));
  const spec = asRecord(v2.spec) ?? {};
  const status = asRecord(v2.status);
  const metrics = asRecords(spec.metrics);
  const cpu = metrics.find((metric) => cpuUtilizationOf(metric) !== undefined);
  const others = metrics.filter((metric) => cpuUtilizationOf(metric) === undefined);
  if (others.length) kept[annotations.metrics] = goJson(others.map(metricSpecToV1));
  const currentMetrics = asRecords(status?.currentMetrics);
  if (currentMetrics.length) kept[annotations.currentMetrics] = goJson(currentMetrics.map(metricStatusToV1));
  if (asRecord(spec.behavior)) kept[annotations.behavior] = goJson(internalBehavior(asRecord(spec.behavior)!));
  const conditions = asList(status?.conditions);
  if (conditions.length) kept[annotations.conditions] = goJson(conditions);
  setAnnotations(metadata, kept);
  const v1Spec: JsonRecord = {
    scaleTargetRef: spec.scaleTargetRef, ...optional('minReplicas', spec.minReplicas), maxReplicas: spec.maxReplicas,
    ...optional('targetCPUUtilizationPercentage', cpu && cpuUtilizationOf(cpu)),
  };
  const v1: KubeObject = { ...typeMeta(v2, 'autoscaling/v1'), metadata, spec: v1Spec };
  if (status) v1.status = statusToV1(status, currentMetrics);
  return v1;
}

function statusToV1(status: JsonRecord, currentMetrics: JsonRecord[]): JsonRecord {
  const cpu = currentMetrics.find((metric) => metric.type === 'Resource' && asRecord(metric.resource)?.name === 'cpu');
  const utilization = asRecord(asRecord(cpu?.resource)?.current)?.averageUtilization;
  return {
    ...optional('observedGeneration', status.observedGeneration), ...optional('lastScaleTime', status.lastScaleTime),
    currentReplicas: asNumber(status.currentReplicas) ?? 0, desiredReplicas: asNumber(status.desiredReplicas) ?? 0,
    ...optional('currentCPUUtilizationPercentage', utilization),
  };
}

/** json.Marshal of the internal HorizontalPodAutoscalerBehavior: Go field names, nil as null. */
function internalBehavior(behavior: JsonRecord): JsonRecord {
  const rules = (value: unknown) => {
    const given = asRecord(value);
    if (!given) return null;
    return {
      StabilizationWindowSeconds: given.stabilizationWindowSeconds ?? null, SelectPolicy: given.selectPolicy ?? null,
      Policies: given.policies === undefined ? null : asRecords(given.policies).map((policy) => ({ Type: policy.type ?? '', Value: policy.value ?? 0, PeriodSeconds: policy.periodSeconds ?? 0 })),
    };
  };
  return { ScaleUp: rules(behavior.scaleUp), ScaleDown: rules(behavior.scaleDown) };
}

/** The behavior annotation read back (Go's json matches field names case-insensitively); null when empty or unreadable. */
function behaviorFromAnnotation(text: string | undefined): JsonRecord | null {
  const behavior = asRecord(parsed(text));
  if (!behavior) return null;
  const direction = (value: unknown) => {
    const rules = asRecord(value);
    if (!rules) return undefined;
    const policies = field(rules, 'Policies');
    return compactRecord({
      stabilizationWindowSeconds: field(rules, 'StabilizationWindowSeconds'), selectPolicy: field(rules, 'SelectPolicy'),
      policies: Array.isArray(policies)
        ? asRecords(policies).map((policy) => compactRecord({ type: field(policy, 'Type'), value: field(policy, 'Value'), periodSeconds: field(policy, 'PeriodSeconds') }))
        : undefined,
    });
  };
  const result = compactRecord({ scaleUp: direction(field(behavior, 'ScaleUp')), scaleDown: direction(field(behavior, 'ScaleDown')) });
  return Object.keys(result).length ? result : null;
}

/** A field of decoded JSON as encoding/json finds it for a Go field: exact name first, else any case. */
function field(record: JsonRecord, name: string): unknown {
  if (name in record) return record[name];
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : record[key];
}

/** json.Marshal's text: <, > and & escaped. */
function goJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function parsed(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function compactRecord(record: JsonRecord): JsonRecord {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined && value !== null));
}

function optional(key: string, value: unknown): JsonRecord {
  return value === undefined || value === null ? {} : { [key]: value };
}

function typeMeta(object: KubeObject, apiVersion: string): Partial<KubeObject> {
  return { ...(object.kind === undefined ? {} : { kind: object.kind }), ...(object.apiVersion === undefined ? {} : { apiVersion }) };
}

function setAnnotations(metadata: KubeObject['metadata'], values: Record<string, string>): void {
  if (Object.keys(values).length) metadata.annotations = values;
  else delete metadata.annotations;
}
