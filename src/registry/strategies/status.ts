/**
 * The strategy of a /status subresource (kube's <resource>StatusStrategy): an update changes the
 * status, and the metadata where the kind's strategy lets it (status-metadata.ts); the spec,
 * generation included, stays as stored. Creation through /status exists only where the kind's
 * facts say so (ValidatingAdmissionPolicy's apply).
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateObjectMetaUpdate } from '../../apimachinery/validation/object-meta.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { SubresourceStrategy } from './subresource.js';

export class StatusStrategy extends SubresourceStrategy {
  override readonly applyCreates = this.main.statusApplyCreates;

  /**
   * Status comes from the request; the spec is the stored object's. Kinds whose status strategy
   * resets ObjectMeta take the rest, metadata included, from the stored object too, except
   * managedFields: the field manager has already recorded this write there (kube's
   * ResetObjectMetaForStatus keeps them for that reason). Then the kind's own preparation runs.
   */
  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    const rule = this.main.statusMetadata;
    if (!rule.reset) {
      object.spec = structuredClone(old.spec);
      for (const field of rule.stored) {
        if (old.metadata[field] === undefined) delete object.metadata[field];
        else object.metadata[field] = structuredClone(old.metadata[field]);
      }
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
