/**
 * The /scale subresource (autoscaling/v1 Scale) of workloads with replicas: a view of the parent
 * object (kube's scale registries in pkg/registry/apps/deployment/storage, replicaset, statefulset,
 * core/replicationcontroller). Reads build the Scale from the parent; writes copy spec.replicas
 * back into the parent, whose own strategy then applies (generation, validation).
 */
import { labelSelectorText } from '../core/selectors/labels.js';
import { type FieldError, fieldError } from '../core/field-errors.js';
import { labelSelectorAsSelector } from '../kinds/workloads/label-selector.js';
import { isJsonObject, type KubeObject } from './object.js';

/** The Scale of `parent` (kind, metadata subset, spec.replicas, status.replicas and selector). */
export function scaleOf(parent: KubeObject, group: string): KubeObject {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = parent.metadata;
  const spec = (parent.spec ?? {}) as Record<string, unknown>;
  const status = (parent.status ?? {}) as Record<string, unknown>;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: typeof spec.replicas === 'number' ? spec.replicas : 0 },
    status: { replicas: typeof status.replicas === 'number' ? status.replicas : 0, selector: selectorText(spec.selector, group) },
  };
}

/** ReplicationControllers select by a plain label map (SelectorFromSet); apps kinds by a LabelSelector. */
function selectorText(selector: unknown, group: string): string {
  if (!isJsonObject(selector)) return '';
  if (group === '') {
    return Object.entries(selector).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, value]) => `${key}=${String(value)}`).join(',');
  }
  return labelSelectorText(labelSelectorAsSelector(selector));
}

/** The parent with the Scale's replicas; the Scale's resourceVersion, if any, is the precondition. */
export function parentWithScale(parent: KubeObject, scale: KubeObject): KubeObject {
  const updated = structuredClone(parent);
  const spec = (updated.spec ?? {}) as Record<string, unknown>;
  spec.replicas = (scale.spec as { replicas?: number } | undefined)?.replicas ?? 0;
  updated.spec = spec;
  updated.metadata.resourceVersion = scale.metadata.resourceVersion || parent.metadata.resourceVersion;
  return updated;
}

/** ValidateScale: replicas must not be negative. */
export function validateScale(scale: KubeObject): FieldError[] {
  const replicas = (scale.spec as { replicas?: unknown } | undefined)?.replicas;
  if (typeof replicas === 'number' && replicas < 0) return [fieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0')];
  return [];
}
