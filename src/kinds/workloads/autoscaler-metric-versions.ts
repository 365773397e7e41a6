/**
 * Metric specs and statuses between autoscaling/v1's round-trip form (the JSON kept in the
 * `autoscaling.alpha.kubernetes.io/metrics` and `current-metrics` annotations) and autoscaling/v2,
 * as pkg/apis/autoscaling/v1/conversion.go converts them, written as encoding/json writes the
 * target type: Go field order, omitempty honoured, non-pointer quantities "0" when absent.
 */
import { asNumber, asRecord, asText, type JsonRecord } from '../json-values.js';

type Json = JsonRecord;

/** Keeps only the entries whose value is set (omitempty for pointers, strings and slices). */
function compact(entries: [string, unknown][]): Json {
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/** A non-pointer resource.Quantity: "0" when unset. */
const quantity = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : '0');

function reference(value: unknown): Json {
  const ref = asRecord(value) ?? {};
  return { kind: asText(ref.kind), name: asText(ref.name), ...compact([['apiVersion', ref.apiVersion]]) };
}

function identifier(name: unknown, selector: unknown): Json {
  return { name: asText(name), ...compact([['selector', selector]]) };
}

/** v1 MetricSpec -> v2 MetricSpec. */
export function metricSpecToV2(metric: Json): Json {
  const type = asText(metric.type);
  const object = asRecord(metric.object);
  const pods = asRecord(metric.pods);
  const resource = asRecord(metric.resource);
  const container = asRecord(metric.containerResource);
  const external = asRecord(metric.external);
  return compact([
    ['type', type],
    ['object', object && {
      describedObject: reference(object.target),
      target: compact([['type', object.averageValue === undefined ? 'Value' : 'AverageValue'], ['value', quantity(object.targetValue)], ['averageValue', object.averageValue]]),
      metric: identifier(object.metricName, object.selector),
    }],
    ['pods', pods && { metric: identifier(pods.metricName, pods.selector), target: { type: 'AverageValue', averageValue: quantity(pods.targetAverageValue) } }],
    ['resource', resource && { name: asText(resource.name), target: utilizationTarget(resource) }],
    ['containerResource', container && { name: asText(container.name), target: utilizationTarget(container), container: asText(container.container) }],
    ['external', external && {
      metric: identifier(external.metricName, external.metricSelector),
      target: compact([['type', external.targetValue === undefined ? 'AverageValue' : 'Value'], ['value', external.targetValue], ['averageValue', external.targetAverageValue]]),
    }],
  ]);
}

function utilizationTarget(source: Json): Json {
  const type = source.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization';
  return compact([['type', type], ['averageValue', source.targetAverageValue], ['averageUtilization', source.targetAverageUtilization]]);
}

/** v2 MetricSpec -> v1 MetricSpec. */
export function metricSpecToV1(metric: Json): Json {
  const object = asRecord(metric.object);
  const pods = asRecord(metric.pods);
  const resource = asRecord(metric.resource);
  const container = asRecord(metric.containerResource);
  const external = asRecord(metric.external);
  const target = (source: Json | undefined) => asRecord(source?.target) ?? {};
  const metricOf = (source: Json | undefined) => asRecord(source?.metric) ?? {};
  return compact([
    ['type', asText(metric.type)],
    ['object', object && {
      target: reference(object.describedObject), metricName: asText(metricOf(object).name), targetValue: quantity(target(object).value),
      ...compact([['selector', metricOf(object).selector], ['averageValue', target(object).averageValue]]),
    }],
    ['pods', pods && { metricName: asText(metricOf(pods).name), targetAverageValue: quantity(target(pods).averageValue), ...compact([['selector', metricOf(pods).selector]]) }],
    ['resource', resource && { name: asText(resource.name), ...utilizationV1(target(resource)) }],
    ['containerResource', container && { name: asText(container.name), ...utilizationV1(target(container)), container: asText(container.container) }],
    ['external', external && {
      metricName: asText(metricOf(external).name),
      ...compact([['metricSelector', metricOf(external).selector], ['targetValue', target(external).value], ['targetAverageValue', target(external).averageValue]]),
    }],
  ]);
}

function utilizationV1(target: Json): Json {
  return compact([['targetAverageUtilization', target.averageUtilization], ['targetAverageValue', target.averageValue]]);
}

/** v1 MetricStatus -> v2 MetricStatus. */
export function metricStatusToV2(status: Json): Json {
  const object = asRecord(status.object);
  const pods = asRecord(status.pods);
  const resource = asRecord(status.resource);
  const container = asRecord(status.containerResource);
  const external = asRecord(status.external);
  const current = (source: Json) => compact([['averageValue', quantity(source.currentAverageValue)], ['averageUtilization', source.currentAverageUtilization]]);
  return compact([
    ['type', asText(status.type)],
    ['object', object && {
      metric: identifier(object.metricName, object.selector),
      current: compact([['value', quantity(object.currentValue)], ['averageValue', object.averageValue]]),
      describedObject: reference(object.target),
    }],
    ['pods', pods && { metric: identifier(pods.metricName, pods.selector), current: { averageValue: quantity(pods.currentAverageValue) } }],
    ['resource', resource && { name: asText(resource.name), current: current(resource) }],
    ['containerResource', container && { name: asText(container.name), current: current(container), container: asText(container.container) }],
    ['external', external && {
      metric: identifier(external.metricName, external.metricSelector),
      current: compact([['value', quantity(external.currentValue)], ['averageValue', external.currentAverageValue]]),
    }],
  ]);
}

/** v2 MetricStatus -> v1 MetricStatus. */
export function metricStatusToV1(status: Json): Json {
  const object = asRecord(status.object);
  const pods = asRecord(status.pods);
  const resource = asRecord(status.resource);
  const container = asRecord(status.containerResource);
  const external = asRecord(status.external);
  const current = (source: Json | undefined) => asRecord(source?.current) ?? {};
  const metricOf = (source: Json | undefined) => asRecord(source?.metric) ?? {};
  const utilization = (source: Json) => ({
    ...compact([['currentAverageUtilization', current(source).averageUtilization]]), currentAverageValue: quantity(current(source).averageValue),
  });
  return compact([
    ['type', asText(status.type)],
    ['object', object && {
      target: reference(object.describedObject), metricName: asText(metricOf(object).name), currentValue: quantity(current(object).value),
      ...compact([['selector', metricOf(object).selector], ['averageValue', current(object).averageValue]]),
    }],
    ['pods', pods && { metricName: asText(metricOf(pods).name), currentAverageValue: quantity(current(pods).averageValue), ...compact([['selector', metricOf(pods).selector]]) }],
    ['resource', resource && { name: asText(resource.name), ...utilization(resource) }],
    ['containerResource', container && { name: asText(container.name), ...utilization(container), container: asText(container.container) }],
    ['external', external && {
      metricName: asText(metricOf(external).name),
      ...compact([['metricSelector', metricOf(external).selector]]), currentValue: quantity(current(external).value),
      ...compact([['currentAverageValue', current(external).averageValue]]),
    }],
  ]);
}

/** A v2 metric that is v1's targetCPUUtilizationPercentage: Resource cpu with an averageUtilization. */
export function cpuUtilizationOf(metric: Json): number | undefined {
  const resource = asRecord(metric.resource);
  if (metric.type !== 'Resource' || !resource || resource.name !== 'cpu') return undefined;
  return asNumber(asRecord(resource.target)?.averageUtilization);
}
