/**
 * Collections this isolate caches for authentication, authorization and admission (RBAC policy,
 * admission configuration). A write through this isolate to one of their types makes the next
 * request read them again, so a client sees its own change at once.
 */
import type { ResourceType } from '../api/catalog.js';
import { forgetAdmissionConfiguration } from '../admission/configuration.js';
import { forgetRbacPolicy } from './rbac-policy.js';

/** Called after every write request of `type`. */
export function forgetCachedCollections(type: ResourceType): void {
  if (type.group === 'rbac.authorization.k8s.io') forgetRbacPolicy();
  if (type.group === 'admissionregistration.k8s.io') forgetAdmissionConfiguration();
}
