/**
 * The strategy of a CertificateSigningRequest's /approval subresource (kube's
 * csrApprovalStrategy): an update changes status.conditions (and metadata) only; the kind's
 * semantics say how and validate it. Creation through /approval does not exist.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateObjectMetaUpdate } from '../../apimachinery/validation/object-meta.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { SubresourceStrategy } from './subresource.js';

export class ApprovalStrategy extends SubresourceStrategy {
  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    this.main.approval?.prepareForUpdate(object, old);
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return [
      ...(this.main.approval?.validateUpdate(object, old) ?? []),
      ...validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: this.namespaced, nameValidation: 'none' }),
    ];
  }
}
