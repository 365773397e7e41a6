/**
 * What the strategies of subresources that are parts of their object (/status, /approval,
 * /ephemeralcontainers) share: no create through them, the main resource's defaults, selectable
 * fields, deletion rules and unconditional updates. Each says which part of the request an update
 * keeps (`prepareForUpdate`) and how it is validated (`validateUpdate`).
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import type { DeletionRules } from '../deletion.js';
import type { KubeObject } from '../../apimachinery/object.js';
import type { Strategy } from '../strategy.js';
import type { DefaultStrategy } from './default.js';

export abstract class SubresourceStrategy implements Strategy {
  readonly namespaced: boolean;
  readonly allowCreateOnUpdate = false;
  readonly allowUnconditionalUpdate: boolean;

  constructor(protected readonly main: DefaultStrategy) {
    this.namespaced = main.namespaced;
    this.allowUnconditionalUpdate = main.allowUnconditionalUpdate;
  }

  abstract prepareForUpdate(object: KubeObject, old: KubeObject): void;
  abstract validateUpdate(object: KubeObject, old: KubeObject): FieldError[];

  applyDefaults(object: KubeObject): void {
    this.main.applyDefaults(object);
  }

  prepareForCreate(): void {}

  validate(): FieldError[] {
    return [];
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
