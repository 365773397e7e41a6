/**
 * The schema engine over kube's OpenAPI data: lazy schema access, strict JSON/YAML decoding,
 * Go decoder emulation (type errors, unknown and duplicate fields, pruning), structural
 * defaulting and validation, and the fieldValidation texts.
 *
 * Request pipeline, in kube's order:
 *   const decoded = isYaml ? parseYamlStrict(text) : parseJsonStrict(text);   // syntax errors throw
 *   const check = checkObject(group, version, kind, decoded.value, { ...decoded, prune: true });
 *   if (check.typeError) -> 400 `<Kind> in version "<v>" cannot be handled as a <Kind>: ${check.typeError}`
 *   const errors = strictDecodingErrors(decoded, check);
 *   Strict && errors.length -> 400 strictDecodingFailure(kind, version, errors)
 *   Warn -> for (const text of warningTexts(errors)) recorder.add(text)
 */
export { schemaForKind, schemaNameForKind, schemaNamed, resolveNode, parsedSchemaPackages } from './registry.js';
export type { SchemaNode, SchemaSet, SchemaResolver } from './types.js';
export { goQualifiedName, goStructName } from './go-types.js';
export { parseJsonStrict, JsonSyntaxError, type StrictDecoded, type DuplicateField } from './json-strict.js';
export { goJsonSyntaxErrorText } from '../apimachinery/json-syntax.js';
export { parseYamlStrict } from './yaml-strict.js';
export { checkObject, pruneUnknownFields, goTypeOf, type ObjectCheck, type CheckOptions } from './decode-check.js';
export { pruneStructural, type PruneOptions } from './pruning.js';
export { applyDefaults, applySchemaDefaults, pruneNonNullableNulls } from './defaults.js';
export { validateStructure, type StructureOptions } from './structural-validation.js';
export { typeInvalid } from './openapi-errors.js';
export {
  fieldValidationErrors, strictDecodingErrors, strictDecodingMessage, strictDecodingFailure, warningTexts,
  warningHeaderValue, WarningRecorder, type FieldValidationDirective,
} from './field-validation.js';
