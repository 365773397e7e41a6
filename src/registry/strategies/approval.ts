/**
 * The strategy of a CertificateSigningRequest's /approval subresource (kube's
 * csrApprovalStrategy): an update changes status.conditions (and metadata) only; the kind's
 * semantics say how and validate it. Creation through /approval does not exist.
 */
import type { FieldError } from '../../core/field-errors.js';
import { validateObjectMetaUpdate } from '../../core/validation/object-meta.js';
import type { KubeObject } from '../object.js';
import type { Strategy } from '../strategy.js';
import type { DeletionRules } from '../deletion.js';
import type { DefaultStrategy } from './default.js';

export class ApprovalStrategy implements Strategy {
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

  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    this.main.approval?.prepareForUpdate(object, old);
  }

  validate(): FieldError[] {
    return [];
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return [
      ...(this.main.approval?.validateUpdate(object, old) ?? []),
      ...validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: this.namespaced, nameValidation: 'none' }),
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
