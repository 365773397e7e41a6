/**
 * The parts of a CRD version kube validates on their own (apiextensions validation.go, kube
 * v1.32): the deprecation warning, the scale subresource's JSON paths and the printer columns.
 * They apply wherever the part sits after conversion (per version, or hoisted to the spec).
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { byteLength } from '../../apimachinery/validation/names.js';
import { asOptionalText, asRecord, asText, type JsonRecord } from '../json-values.js';

const printerColumnTypes = 'boolean,date,integer,number,string';
const printerColumnFormats = 'byte,date,date-time,double,float,int32,int64,password';
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

/** validateDeprecationWarning: its messages, one per failed rule. */
function deprecationWarningProblems(deprecated: boolean, warning: string | undefined): string[] {
  if (!deprecated && warning !== undefined) return ['can only be set for deprecated versions'];
  if (warning === undefined) return [];
  const problems: string[] = [];
  if (byteLength(warning) > 256) problems.push('must be <= 256 characters long');
  if (warning.length === 0) problems.push('must not be an empty string');
  let offset = 0;
  for (const ch of warning) {
    if (!printable.test(ch)) {
      problems.push(`must only contain printable UTF-8 characters; non-printable character found at index ${offset}`);
      break;
    }
    offset += byteLength(ch);
  }
  return problems;
}

/** The deprecationWarning errors of a version at `path`. */
export function validateDeprecationWarning(deprecated: boolean, warning: string | undefined, path: string): FieldError[] {
  return deprecationWarningProblems(deprecated, warning).map((problem) => fieldError.invalid(`${path}.deprecationWarning`, warning, problem));
}

/** validateSimpleJSONPath: only "must start with ." can fail for a non-empty path. */
function simpleJsonPathErrors(value: string, path: string): FieldError[] {
  if (value.length === 0) return [fieldError.invalid(path, value, 'must not be empty')];
  return value.startsWith('.') ? [] : [fieldError.invalid(path, value, 'must be a simple json path starting with .')];
}

/** A required scale path that must sit under `prefix` (`.spec.` or `.status.`). */
function scalePathErrors(value: string, path: string, prefix: string, where: string): FieldError[] {
  if (value === '') return [fieldError.required(path)];
  const errors = simpleJsonPathErrors(value, path);
  if (errors.length > 0) return errors;
  return value.startsWith(prefix) ? [] : [fieldError.invalid(path, value, `should be a json path under ${where}`)];
}

/** ValidateCustomResourceDefinitionSubresources. */
export function validateSubresources(subresources: JsonRecord | undefined, path: string): FieldError[] {
  const scale = asRecord(subresources?.scale);
  if (!scale) return [];
  const errors = [
    ...scalePathErrors(asText(scale.specReplicasPath), `${path}.scale.specReplicasPath`, '.spec.', '.spec'),
    ...scalePathErrors(asText(scale.statusReplicasPath), `${path}.scale.statusReplicasPath`, '.status.', '.status'),
  ];
  const selectorPath = asOptionalText(scale.labelSelectorPath) ?? '';
  if (selectorPath !== '') {
    const selectorErrors = simpleJsonPathErrors(selectorPath, `${path}.scale.labelSelectorPath`);
    if (selectorErrors.length === 0 && !selectorPath.startsWith('.spec.') && !selectorPath.startsWith('.status.')) {
      selectorErrors.push(fieldError.invalid(`${path}.scale.labelSelectorPath`, selectorPath, 'should be a json path under either .spec or .status'));
    }
    errors.push(...selectorErrors);
  }
  return errors;
}

/** ValidateCustomResourceColumnDefinition; the path's field is `JSONPath`, the internal Go name. */
export function validateColumn(column: JsonRecord, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (asText(column.name) === '') errors.push(fieldError.required(`${path}.name`));
  const type = asText(column.type);
  if (type === '') errors.push(fieldError.required(`${path}.type`, `must be one of ${printerColumnTypes}`));
  else if (!printerColumnTypes.split(',').includes(type)) errors.push(fieldError.invalid(`${path}.type`, type, `must be one of ${printerColumnTypes}`));
  const format = asText(column.format);
  if (format !== '' && !printerColumnFormats.split(',').includes(format)) {
    errors.push(fieldError.invalid(`${path}.format`, format, `must be one of ${printerColumnFormats}`));
  }
  const jsonPath = asText(column.jsonPath);
  if (jsonPath === '') errors.push(fieldError.required(`${path}.JSONPath`));
  else errors.push(...simpleJsonPathErrors(jsonPath, `${path}.JSONPath`));
  return errors;
}
