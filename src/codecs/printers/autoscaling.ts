/**
 * Horizontal pod autoscalers (printHorizontalPodAutoscaler), for autoscaling/v2 and v1 objects:
 * kube prints the internal type, so a v1 object's CPU target and current utilization are read as
 * the one Resource metric they convert to.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, hasField, listAt, numberAt, optionalNumberAt, stringAt, valueAt } from './fields.js';
import { ageOf, nameOf, quantityPointerText } from './format.js';

/** kube's printHorizontalPodAutoscaler (descriptions from autoscaling/v2beta1). */
export const horizontalPodAutoscalerPrinter: Printer = {
  columns: [
    nameColumn,
    column('Reference', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
    column('Targets', 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond.'),
    column('MinPods', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.'),
    column('MaxPods', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.'),
    column('Replicas', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
    ageColumn,
  ],
  // MinPods is a string (`<unset>` possible); MaxPods and Replicas are int64 in string-typed columns.
  cells: (autoscaler, now) => {
    const minReplicas = optionalNumberAt(autoscaler, 'spec', 'minReplicas');
    return [
      nameOf(autoscaler), `${stringAt(autoscaler, 'spec', 'scaleTargetRef', 'kind')}/${stringAt(autoscaler, 'spec', 'scaleTargetRef', 'name')}`,
      formatMetrics(metricSpecs(autoscaler), metricStatuses(autoscaler)), minReplicas === undefined ? '<unset>' : String(minReplicas),
      numberAt(autoscaler, 'spec', 'maxReplicas'), numberAt(autoscaler, 'status', 'currentReplicas'), ageOf(autoscaler, now),
    ];
  },
};

/** spec.metrics, or a v1 object's targetCPUUtilizationPercentage as a CPU utilization metric. */
function metricSpecs(autoscaler: unknown): unknown[] {
  if (hasField(autoscaler, 'spec', 'metrics')) return listAt(autoscaler, 'spec', 'metrics');
  const target = optionalNumberAt(autoscaler, 'spec', 'targetCPUUtilizationPercentage');
  if (target === undefined) return [];
  return [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } } }];
}

/** status.currentMetrics, or a v1 object's currentCPUUtilizationPercentage. */
function metricStatuses(autoscaler: unknown): unknown[] {
  if (hasField(autoscaler, 'status', 'currentMetrics')) return listAt(autoscaler, 'status', 'currentMetrics');
  const current = optionalNumberAt(autoscaler, 'status', 'currentCPUUtilizationPercentage');
  if (current === undefined) return [];
  return [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: current } } }];
}

/**
 * formatHPAMetrics: `current/target` per metric (each metric's status is the one at the same
 * index), the first two and ` + N more...`; `<none>` without metrics.
 */
function formatMetrics(specs: unknown[], statuses: unknown[]): string {
  if (specs.length === 0) return '<none>';
  const list = specs.map((spec, index) => formatMetric(spec, statuses[index]));
  const max = 2;
  if (list.length <= max) return list.join(', ');
  return `${list.slice(0, max).join(', ')} + ${list.length - max} more...`;
}

const sourceFields: Record<string, string> = {
  External: 'external', Pods: 'pods', Object: 'object', Resource: 'resource', ContainerResource: 'containerResource',
};

function formatMetric(spec: unknown, status: unknown): string {
  const type = stringAt(spec, 'type');
  const field = sourceFields[type];
  if (field === undefined) return '<unknown type>';
  const source = valueAt(spec, field);
  // A status of another kind leaves the metric `<unknown>`, like a missing one.
  const current = hasField(status, field) ? (valueAt(status, field, 'current') ?? {}) : undefined;
  if (type === 'Pods') return `${current === undefined ? '<unknown>' : quantityPointerText(valueAt(current, 'averageValue'))}/${quantityPointerText(valueAt(source, 'target', 'averageValue'))}`;
  if (type === 'External' || type === 'Object') return objectMetric(source, current);
  return resourceMetric(source, current);
}

/**
 * External and Object metrics: `current/target (avg)` for an average target (current
 * `<unknown>` unless reported), else `current/target` for a value target, where kube prints an
 * unreported value of a reported status as `<nil>`.
 */
function objectMetric(source: unknown, current: unknown): string {
  const averageTarget = valueAt(source, 'target', 'averageValue');
  if (averageTarget !== undefined && averageTarget !== null) {
    const average = valueAt(current, 'averageValue');
    const shown = average === undefined || average === null ? '<unknown>' : quantityPointerText(average);
    return `${shown}/${quantityPointerText(averageTarget)} (avg)`;
  }
  const shown = current === undefined ? '<unknown>' : quantityPointerText(valueAt(current, 'value'));
  return `${shown}/${quantityPointerText(valueAt(source, 'target', 'value'))}`;
}

/**
 * Resource and ContainerResource metrics, prefixed with the resource name since v1.30:
 * `cpu: 250m/500m` for an average value target, else `cpu: 40%/80%` (`<auto>` without a target).
 */
function resourceMetric(source: unknown, current: unknown): string {
  const name = stringAt(source, 'name');
  const averageTarget = valueAt(source, 'target', 'averageValue');
  if (averageTarget !== undefined && averageTarget !== null) {
    const shown = current === undefined ? '<unknown>' : quantityPointerText(valueAt(current, 'averageValue'));
    return `${name}: ${shown}/${quantityPointerText(averageTarget)}`;
  }
  const utilization = optionalNumberAt(current, 'averageUtilization');
  const targetUtilization = optionalNumberAt(source, 'target', 'averageUtilization');
  const shown = utilization === undefined ? '<unknown>' : `${utilization}%`;
  return `${name}: ${shown}/${targetUtilization === undefined ? '<auto>' : `${targetUtilization}%`}`;
}
