/**
 * The strategy every built-in type starts from: ObjectMeta validation with the kind's name rule,
 * generation tracking where kube's strategy does it, status handling for kinds with a /status
 * subresource (the main resource cannot change status; a new object's status starts empty), the
 * kind's own semantics (src/kinds), and the kind's selectable fields.
 */
import type { ResourceType } from '../../api/catalog.js';
import type { FieldError } from '../../apimachinery/field-errors.js';
import { type ObjectMetaOptions, validateObjectMetaCreate, validateObjectMetaUpdate } from '../../apimachinery/validation/object-meta.js';
import { kindSemantics } from '../../kinds/index.js';
import type { KindSemantics, Requester } from '../../kinds/types.js';
import { selectableFields } from '../field-labels.js';
import { type KindFacts, kindFacts } from '../kind-facts.js';
import type { KubeObject } from '../../apimachinery/object.js';
import type { Strategy } from '../strategy.js';
import { shouldDeleteDuringUpdate, type DeletionRules } from '../deletion.js';
import { statusMetadataRule, type StatusMetadataRule } from './status-metadata.js';

export class DefaultStrategy implements Strategy {
  readonly namespaced: boolean;
  readonly allowCreateOnUpdate: boolean;
  readonly applyCreates: boolean = true;
  readonly allowUnconditionalUpdate: boolean;
  /** An apply of a missing object through /status creates it (KindFacts.statusApplyCreates). */
  readonly statusApplyCreates: boolean;
  protected readonly facts: KindFacts;
  protected readonly metaOptions: ObjectMetaOptions;
  protected readonly semantics: KindSemantics;
  /** The type has a /status subresource: status is that subresource's business. */
  protected readonly hasStatus: boolean;

  constructor(protected readonly type: ResourceType) {
    this.facts = kindFacts(type.group, type.kind);
    this.semantics = kindSemantics(type.group, type.kind);
    this.hasStatus = type.subresources?.some((sub) => sub.name === 'status') ?? false;
    this.namespaced = type.namespaced;
    this.allowCreateOnUpdate = this.facts.allowCreateOnUpdate;
    this.allowUnconditionalUpdate = this.facts.allowUnconditionalUpdate;
    this.statusApplyCreates = this.facts.statusApplyCreates;
    this.metaOptions = { namespaced: type.namespaced, nameValidation: this.facts.nameValidation, standardFinalizers: this.facts.standardFinalizers };
  }

  /** kube's defaulting functions for the kind (run on every decoded object). */
  applyDefaults(object: KubeObject): void {
    this.semantics.default?.(object);
  }

  prepareForCreate(object: KubeObject, requester?: Requester): void {
    if (this.facts.tracksGeneration) object.metadata.generation = 1;
    else delete object.metadata.generation;
    if (this.hasStatus && !this.semantics.keepStatusOnCreate) object.status = {};
    this.semantics.prepareForCreate?.(object, requester);
  }

  /** Status stays as it was; generation goes up by one when anything but metadata and status changed. */
  prepareForUpdate(object: KubeObject, old: KubeObject): void {
    if (this.hasStatus) keepStatus(object, old);
    if (this.facts.tracksGeneration) {
      const generation = old.metadata.generation ?? 0;
      object.metadata.generation = specChanged(object, old) ? generation + 1 : generation;
    }
    this.semantics.prepareForUpdate?.(object, old);
  }

  /** ObjectMeta first, then the kind's own rules, as kube's ValidateXxx functions report them. */
  validate(object: KubeObject): FieldError[] {
    return [...validateObjectMetaCreate(object.metadata, this.metaOptions), ...(this.semantics.validate?.(object) ?? [])];
  }

  validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return [...validateObjectMetaUpdate(object.metadata, old.metadata, this.metaOptions), ...(this.semantics.validateUpdate?.(object, old) ?? [])];
  }

  selectableFields(object: KubeObject): Record<string, string> {
    return selectableFields(this.type.group, this.type.kind, object, { namespaced: this.namespaced });
  }

  /** What a /status update checks beyond metadata (the kind's rule; custom resources: their schema and rules). */
  validateStatusUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return this.semantics.validateStatusUpdate?.(object, old) ?? [];
  }

  /** The kind's own part of its /status strategy (semantics.prepareForStatusUpdate). */
  prepareForStatusUpdate(object: KubeObject, old: KubeObject): void {
    this.semantics.prepareForStatusUpdate?.(object, old);
  }

  /** What the kind's /status keeps of the request's metadata. */
  get statusMetadata(): StatusMetadataRule {
    return statusMetadataRule(this.type);
  }

  /** The kind's /approval strategy, if it has that subresource. */
  get approval(): KindSemantics['approval'] {
    return this.semantics.approval;
  }

  get deletion(): DeletionRules {
    return { gcPolicy: this.facts.gcPolicy, gracePeriod: this.semantics.gracePeriodOnDelete };
  }

  shouldDeleteDuringUpdate(object: KubeObject, old: KubeObject): boolean {
    return shouldDeleteDuringUpdate(object, old);
  }
}

function keepStatus(object: KubeObject, old: KubeObject): void {
  if (old.status === undefined) delete object.status;
  else object.status = old.status;
}

/** True when anything outside metadata and status differs (kube compares Spec; this covers kinds without one). */
export function specChanged(object: KubeObject, old: KubeObject): boolean {
  return canonicalBody(object) !== canonicalBody(old);
}

function canonicalBody(object: KubeObject): string {
  const { metadata: _metadata, status: _status, kind: _kind, apiVersion: _apiVersion, ...rest } = object;
  return stableStringify(rest);
}

/** JSON with object keys sorted, so key order never counts as a change. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}
