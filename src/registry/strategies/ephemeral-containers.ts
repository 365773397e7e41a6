/**
 * The strategy of pods/ephemeralcontainers (kube's podEphemeralContainersStrategy): an update
 * changes spec.ephemeralContainers and nothing else, checked by ValidatePodEphemeralContainersUpdate;
 * no create through the subresource.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateObjectMetaUpdate } from '../../apimachinery/validation/object-meta.js';
import { keepOnlyEphemeralContainers, validateEphemeralContainersUpdate } from '../../kinds/core/pod-ephemeral.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { SubresourceStrategy } from './subresource.js';

export class EphemeralContainersStrategy extends SubresourceStrategy {
  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    keepOnlyEphemeralContainers(object, old);
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    const meta = validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: true, nameValidation: 'subdomain', standardFinalizers: true });
    return [...meta, ...validateEphemeralContainersUpdate(object, old)];
  }
}
