/**
 * The strategy of a /status subresource (kube's <resource>StatusStrategy): an update changes the
 * status and nothing else; everything else, generation included, stays as stored. Creation through
 * /status does not exist.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateObjectMetaUpdate } from '../../apimachinery/validation/object-meta.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { SubresourceStrategy } from './subresource.js';

export class StatusStrategy extends SubresourceStrategy {
  /**
   * Only status comes from the request; the rest, metadata included, is the stored object's,
   * except managedFields: the field manager has already recorded this write there (kube's
   * ResetObjectMetaForStatus keeps them for that reason). Kinds whose status strategy does not
   * reset ObjectMeta (CSRs) keep the request's metadata; then the kind's own preparation runs.
   */
  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    if (this.main.statusUpdateKeepsMetadata) {
      object.spec = structuredClone(old.spec);
      this.main.prepareForStatusUpdate(object, old);
      return;
    }
    const { status } = object;
    const { resourceVersion, managedFields } = object.metadata;
    for (const key of Object.keys(object)) delete object[key];
    Object.assign(object, structuredClone(old), { metadata: { ...structuredClone(old.metadata), resourceVersion } });
    if (managedFields === undefined) delete object.metadata.managedFields;
    else object.metadata.managedFields = managedFields;
    if (status === undefined) delete object.status;
    else object.status = status;
    this.main.prepareForStatusUpdate(object, old);
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return [
      ...validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: this.namespaced, nameValidation: 'none' }),
      ...this.main.validateStatusUpdate(object, old),
    ];
  }
}
