/**
 * kube builds PartialObjectMetadata (and a Table row's object) from the internal object, whose
 * metadata lacks the annotations a version conversion keeps fields of the internal type in: an
 * apps/v1 DaemonSet's template generation, an autoscaling/v1 HorizontalPodAutoscaler's round-trip
 * annotations. This is that metadata.
 */
import type { KubeObject, ObjectMeta } from '../apimachinery/object.js';

const conversionAnnotations: Record<string, readonly string[]> = {
  'apps/v1/DaemonSet': ['deprecated.daemonset.template.generation'],
  'autoscaling/v1/HorizontalPodAutoscaler': [
    'autoscaling.alpha.kubernetes.io/metrics', 'autoscaling.alpha.kubernetes.io/current-metrics',
    'autoscaling.alpha.kubernetes.io/behavior', 'autoscaling.alpha.kubernetes.io/conditions',
  ],
};

/** The metadata of `object` as its internal form has it. */
export function internalMetadata(object: KubeObject): ObjectMeta {
  const dropped = conversionAnnotations[`${object.apiVersion}/${object.kind}`];
  const annotations = object.metadata.annotations;
  if (!dropped || !annotations || !dropped.some((key) => key in annotations)) return object.metadata;
  const kept = Object.fromEntries(Object.entries(annotations).filter(([key]) => !dropped.includes(key)));
  const metadata: ObjectMeta = { ...object.metadata, annotations: kept };
  if (Object.keys(kept).length === 0) delete metadata.annotations;
  return metadata;
}
