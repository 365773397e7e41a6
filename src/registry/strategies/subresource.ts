/**
 * What the strategies of subresources that are parts of their object (/status, /approval,
 * /ephemeralcontainers) share: no create through them (but where `applyCreates` says so, and then
 * through the main resource's create preparation and validation, as kube's store creates with
 * the kind's CreateStrategy), the main resource's defaults, selectable fields, deletion rules
 * and unconditional updates. Each says which part of the request an update
 * keeps (`prepareForUpdate`) and how it is validated (`validateUpdate`).
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import type { DeletionRules } from '../deletion.js';
import type { KubeObject } from '../../apimachinery/object.js';
import type { Requester } from '../../kinds/types.js';
import type { Strategy } from '../strategy.js';
import type { DefaultStrategy } from './default.js';

export abstract class SubresourceStrategy implements Strategy {
  readonly namespaced: boolean;
  readonly allowCreateOnUpdate = false;
  readonly applyCreates: boolean = false;
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

  prepareForCreate(object: KubeObject, requester?: Requester): void {
    this.main.prepareForCreate(object, requester);
  }

  validate(object: KubeObject): FieldError[] {
    return this.main.validate(object);
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
