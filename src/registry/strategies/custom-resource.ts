/**
 * The strategy of a custom resource version (apiextensions-apiserver pkg/registry/customresource
 * strategy.go and validator.go): apimachinery's ObjectMeta rules, the version's structural schema
 * (kube-openapi validation, list-type invariants), defaults, and its CEL rules, which run only
 * when the schema found nothing blocking (else kube's "some validation rules were not checked"
 * error). With a status subresource, status is cleared on create and only /status changes it;
 * generation moves with every change outside metadata (and status, when it has its subresource).
 */
import type { CustomResourceInfo, ResourceType } from '../../api/catalog.js';
import { compileSchemaRules, type CelValidator } from '../../cel/index.js';
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { DefaultStrategy, stableStringify } from './default.js';
import { applyDefaults, validateStructure } from '../../schema/index.js';
import { scaleErrors } from '../scale-paths.js';

/**
 * Error types after which CEL rules are not evaluated (hasBlockingErr: an enum, required, size or
 * type violation, in metadata or the schema, means the object lacks the shape the rules expect).
 */
const blocking = new Set(['FieldValueNotSupported', 'FieldValueRequired', 'FieldValueTooLong', 'FieldValueTooMany', 'FieldValueTypeInvalid']);
const notChecked = 'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';
const noRefs = () => undefined;

export class CustomResourceStrategy extends DefaultStrategy {
  private readonly info: CustomResourceInfo;
  private cel: CelValidator | undefined;

  constructor(type: ResourceType) {
    super(type);
    this.info = type.custom!;
  }

  override applyDefaults(object: KubeObject): void {
    applyDefaults(this.info.schema, object, noRefs);
  }

  override prepareForCreate(object: KubeObject): void {
    super.prepareForCreate(object);
    if (this.info.status) delete object.status;
  }

  override prepareForUpdate(object: KubeObject, old: KubeObject): void {
    super.prepareForUpdate(object, old);
    if (this.info.status) return;
    // Without a status subresource, a status change is a change like any other.
    const changed = stableStringify(object.status) !== stableStringify(old.status);
    if (changed && object.metadata.generation === old.metadata.generation) object.metadata.generation = (old.metadata.generation ?? 0) + 1;
  }

  override validate(object: KubeObject): FieldError[] {
    return this.schemaErrors(object, undefined, super.validate(object));
  }

  override validateUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return this.schemaErrors(object, old, super.validateUpdate(object, old));
  }

  /** What /status updates check beyond metadata: the same schema and rules. */
  override validateStatusUpdate(object: KubeObject, old: KubeObject): FieldError[] {
    return this.schemaErrors(object, old, []);
  }

  /** `metaErrors`, the schema's errors, then the CEL rules' unless an error so far blocks them. */
  private schemaErrors(object: KubeObject, old: KubeObject | undefined, metaErrors: FieldError[]): FieldError[] {
    const errors = [...metaErrors, ...validateStructure(this.info.schema, object, '', { resolve: noRefs }), ...scaleErrors(this.info.scale, object)];
    const validator = this.celValidator();
    if (validator.empty) return errors;
    if (errors.some((error) => blocking.has(error.type))) return [...errors, fieldError.invalid('<nil>', null, notChecked)];
    return [...errors, ...validator.validate(object, old)];
  }

  private celValidator(): CelValidator {
    return (this.cel ??= compileSchemaRules(this.info.schema, 'openAPIV3Schema').validator);
  }
}
