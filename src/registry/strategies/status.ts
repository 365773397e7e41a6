/**
 * The strategy of a /status subresource (kube's <resource>StatusStrategy): an update changes the
 * status and nothing else; everything else, generation included, stays as stored. Creation through
 * /status does not exist.
 */
import type { FieldError } from '../../core/field-errors.js';
import { validateObjectMetaUpdate } from '../../core/validation/object-meta.js';
import type { KubeObject } from '../object.js';
import type { Strategy } from '../strategy.js';
import type { DeletionRules } from '../deletion.js';
import type { DefaultStrategy } from './default.js';

export class StatusStrategy implements Strategy {
  readonly namespaced: boolean;
  readonly allowCreateOnUpdate = false;
  readonly allowUnconditionalUpdate: boolean;

  constructor(private readonly main: DefaultStrategy) {
    this.namespaced = main.namespaced;
    this.allowUnconditionalUpdate = main.allowUnconditionalUpdate;
  }

  applyDefaults(object: KubeObject): void {
    this.main.applyDefaults(object);
  }

  prepareForCreate(): void {}

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

  validate(): FieldError[] {
    return [];
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return [
      ...validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: this.namespaced, nameValidation: 'none' }),
      ...this.main.validateStatusUpdate(object, old),
    ];
  }

  selectableFields(object: KubeObject): Record<string, string> {
    return this.main.selectableFields(object);
  }

  get deletion(): DeletionRules {
    return this.main.deletion;
  }

  shouldDeleteDuringUpdate(object: KubeObject, old: KubeObject): boolean {
    return this.main.shouldDeleteDuringUpdate(object, old);
  }
}
