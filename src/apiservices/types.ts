/** apiregistration.k8s.io/v1 APIService: the catalog type and the names kube-aggregator uses. */
import { findResource, type ResourceType } from '../api/catalog.js';
import type { KubeObject } from '../apimachinery/object.js';

export const apiVersion = 'apiregistration.k8s.io/v1';
/** The label of the APIServices kube keeps itself: `onstart` (built-in group-versions) or `true` (custom resources). */
export const automanagedLabel = 'kube-aggregator.kubernetes.io/automanaged';
/** The field manager of the aggregator's own writes. */
export const aggregatorManager = 'kube-apiserver';

export function apiServiceType(): ResourceType {
  return findResource('apiregistration.k8s.io', 'v1', 'apiservices')!;
}

export interface ServiceReference {
  namespace: string;
  name: string;
  port: number;
}

/** The service behind an APIService, or undefined for a Local one. */
export function serviceOf(apiService: KubeObject): ServiceReference | undefined {
  const service = (apiService.spec as { service?: Partial<ServiceReference> | null } | undefined)?.service;
  if (!service) return undefined;
  return { namespace: service.namespace ?? '', name: service.name ?? '', port: service.port ?? 443 };
}

export interface Condition {
  type: string;
  status: string;
  lastTransitionTime?: string;
  reason?: string;
  message?: string;
}

/** The Available condition, if any. */
export function availableCondition(apiService: KubeObject): Condition | undefined {
  return ((apiService.status as { conditions?: Condition[] } | undefined)?.conditions ?? []).find((condition) => condition.type === 'Available');
}
