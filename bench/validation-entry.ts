/**
 * The create-path decoding of the server, without I/O, for the validation benchmark: the same
 * functions the handlers call, in the same order.
 */
import { validateObjectMetaCreate } from '../src/apimachinery/validation/object-meta.js';
import { kindSemantics } from '../src/kinds/index.js';
import { applySchemaDefaults, checkObject, parseJsonStrict } from '../src/schema/index.js';

const pod = kindSemantics('', 'Pod');

/** What a create costs without validation: parse, and the object is taken as it is. */
export function decodeWithoutValidation(text: string): unknown {
  return JSON.parse(text);
}

/** What a create costs with everything: strict parse, Go type check and pruning, defaults, validation. */
export function decodeWithValidation(text: string): unknown {
  const decoded = parseJsonStrict(text);
  const object = decoded.value as any;
  const check = checkObject('', 'v1', 'Pod', object, { duplicateFields: decoded.duplicateFields, numberLiterals: decoded.numberLiterals, prune: true });
  if (check.typeError) throw new Error(check.typeError);
  applySchemaDefaults('', 'v1', 'Pod', object);
  pod.default?.(object);
  const errors = [...validateObjectMetaCreate(object.metadata, { namespaced: true, nameValidation: 'subdomain', standardFinalizers: true }), ...(pod.validate?.(object) ?? [])];
  if (errors.length) throw new Error(JSON.stringify(errors));
  return object;
}
