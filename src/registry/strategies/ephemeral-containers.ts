/**
 * The strategy of pods/ephemeralcontainers (kube's podEphemeralContainersStrategy): an update
 * changes spec.ephemeralContainers and nothing else, checked by ValidatePodEphemeralContainersUpdate;
 * no create through the subresource.
 */
import type { FieldError } from '../../core/field-errors.js';
import { validateObjectMetaUpdate } from '../../core/validation/object-meta.js';
import { keepOnlyEphemeralContainers, validateEphemeralContainersUpdate } from '../../kinds/core/pod-ephemeral.js';
import type { DeletionRules } from '../deletion.js';
import type { KubeObject } from '../object.js';
import type { Strategy } from '../strategy.js';
import type { DefaultStrategy } from './default.js';

export class EphemeralContainersStrategy implements Strategy {
  readonly namespaced = true;
  readonly allowCreateOnUpdate = false;
  readonly allowUnconditionalUpdate: boolean;

  constructor(private readonly main: DefaultStrategy) {
    this.allowUnconditionalUpdate = main.allowUnconditionalUpdate;
  }

  applyDefaults(object: KubeObject): void {
    this.main.applyDefaults(object);
  }

  prepareForCreate(): void {}

  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    keepOnlyEphemeralContainers(object, old);
  }

  validate(): FieldError[] {
    return [];
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    const meta = validateObjectMetaUpdate(object.metadata, old.metadata, { namespaced: true, nameValidation: 'subdomain', standardFinalizers: true });
    return [...meta, ...validateEphemeralContainersUpdate(object, old)];
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
