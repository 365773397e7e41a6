/**
 * The /scale subresource (autoscaling/v1 Scale) of workloads with replicas: a view of the parent
 * object (kube's scale registries in pkg/registry/apps/deployment/storage, replicaset, statefulset,
 * core/replicationcontroller). Reads build the Scale from the parent; writes copy spec.replicas
 * back into the parent, whose own strategy then applies (generation, validation).
 */
import { labelSelectorText } from '../apimachinery/selectors/labels.js';
import { type FieldError, fieldError } from '../apimachinery/field-errors.js';
import { labelSelectorAsSelector } from '../kinds/shared/label-selector.js';
import { isJsonObject, type KubeObject } from '../apimachinery/object.js';
import type { ResourceType } from '../api/catalog.js';
import { readPath, writePath } from './scale-paths.js';

/** Where a kind keeps what its Scale shows: built-in workloads, or a CRD's scale paths. */
export interface ScaleView {
  specReplicasPath: string;
  statusReplicasPath: string;
  /** The selector: a label selector at spec.selector (built-ins), or a string at this path (custom resources). */
  labelSelectorPath?: string;
}

const workloadView: ScaleView = { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' };

/** The scale paths of `type`. */
export function scaleViewOf(type: ResourceType): ScaleView {
  return type.custom?.scale ?? workloadView;
}

/** The Scale of `parent` (kind, metadata subset, spec.replicas, status.replicas and selector). */
export function scaleOf(parent: KubeObject, type: ResourceType): KubeObject {
  const { name, namespace, uid, resourceVersion, creationTimestamp } = parent.metadata;
  const view = scaleViewOf(type);
  const specReplicas = readPath(parent, view.specReplicasPath);
  const statusReplicas = readPath(parent, view.statusReplicasPath);
  const selector = type.custom ? readPath(parent, view.labelSelectorPath ?? '') : selectorText((parent.spec as Record<string, unknown> | undefined)?.selector, type.group);
  const status: Record<string, unknown> = { replicas: typeof statusReplicas === 'number' ? statusReplicas : 0 };
  if (typeof selector === 'string' && (selector || !type.custom)) status.selector = selector;
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: { name, namespace, uid, resourceVersion, creationTimestamp },
    spec: { replicas: typeof specReplicas === 'number' ? specReplicas : 0 },
    status,
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
export function parentWithScale(parent: KubeObject, scale: KubeObject, type: ResourceType): KubeObject {
  const updated = structuredClone(parent);
  writePath(updated, scaleViewOf(type).specReplicasPath, (scale.spec as { replicas?: number } | undefined)?.replicas ?? 0);
  updated.metadata.resourceVersion = scale.metadata.resourceVersion || parent.metadata.resourceVersion;
  return updated;
}

/** ValidateScale: replicas must not be negative. */
export function validateScale(scale: KubeObject): FieldError[] {
  const replicas = (scale.spec as { replicas?: unknown } | undefined)?.replicas;
  if (typeof replicas === 'number' && replicas < 0) return [fieldError.invalid('spec.replicas', replicas, 'must be greater than or equal to 0')];
  return [];
}
