/**
 * The ControlPlane's strategy: the custom resource one (schema, status subresource) plus what
 * makes it a tenant: its name is the tenant's name, so an RFC 1123 label (it is also a host
 * name label under TENANT_DOMAIN, and part of Durable Object names) other than `default`; and it
 * is born holding the erase finalizer, so its deletion waits for the tenant's storage to be erased.
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { tenantNameProblems } from '../cluster/names.js';
import { CustomResourceStrategy } from '../registry/strategies/custom-resource.js';
import type { KubeObject } from '../apimachinery/object.js';
import { eraseFinalizer } from './control-plane-type.js';

export class ControlPlaneStrategy extends CustomResourceStrategy {
  override prepareForCreate(object: KubeObject): void {
    super.prepareForCreate(object);
    const finalizers = object.metadata.finalizers ?? [];
    if (!finalizers.includes(eraseFinalizer)) object.metadata.finalizers = [...finalizers, eraseFinalizer];
  }

  /** A name that is no tenant name is reported as such, instead of the generic name rule's message. */
  override validate(object: KubeObject): FieldError[] {
    const own = nameErrors(object.metadata.name ?? '');
    const generic = super.validate(object);
    return own.length ? [...own, ...generic.filter((error) => error.field !== 'metadata.name')] : generic;
  }
}

function nameErrors(name: string): FieldError[] {
  if (!name) return [];
  return tenantNameProblems(name).map((problem) => fieldError.invalid('metadata.name', name, problem));
}
