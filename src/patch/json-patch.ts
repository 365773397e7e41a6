/**
 * JSON patch (RFC 6902) with the behaviour of evanphx/json-patch as kube-apiserver uses it:
 * a body that is not an array of operations is a 400; an operation that cannot apply (a failed
 * `test`, a missing path) is a 422; `replace` of a missing object key sets it, as recorded from
 * kube (golden 037). Built on fast-json-patch; the whole patch applies or nothing does.
 */
import jsonpatch, { type Operation } from 'fast-json-patch';
import { goJsonSyntaxError } from '../apimachinery/go-json-errors.js';

export class JsonPatchDecodeError extends Error {}
export class JsonPatchApplyError extends Error {}

const operations = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

/** Parses and checks the shape of a JSON patch document. */
export function decodeJsonPatch(text: string): Operation[] {
  const syntax = goJsonSyntaxError(text);
  if (syntax !== null) throw new JsonPatchDecodeError(syntax);
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new JsonPatchDecodeError(`json: cannot unmarshal ${typeof parsed} into Go value of type jsonpatch.Patch`);
  return parsed as Operation[];
}

/** Applies `patch` to a copy of `document`; throws JsonPatchApplyError when any operation fails. */
export function applyJsonPatch(document: unknown, patch: Operation[]): unknown {
  const copy = structuredClone(document);
  let result: unknown = copy;
  try {
    for (const operation of patch) {
      checkOperation(result, operation);
      result = jsonpatch.applyOperation(result, operation, false, true, true).newDocument;
    }
  } catch (error) {
    throw new JsonPatchApplyError(error instanceof Error ? error.message : String(error));
  }
  return result;
}

/** What fast-json-patch would let through silently but evanphx refuses. */
function checkOperation(document: unknown, operation: Operation): void {
  const op = (operation as { op?: unknown }).op;
  if (typeof op !== 'string' || !operations.has(op)) throw new Error(`Unexpected kind: ${String(op)}`);
  if (typeof operation.path !== 'string') throw new Error('operation missing path');
  // evanphx finds no container for a path without a leading slash (fast-json-patch ignores the op).
  if (operation.path !== '' && !operation.path.startsWith('/')) throw new Error(`${op} operation does not apply: doc is missing path: ${operation.path}`);
  if (op === 'remove' && jsonpatch.getValueByPointer(document, operation.path) === undefined) {
    throw new Error(`remove operation does not apply: doc is missing path: "${operation.path}"`);
  }
  if ((op === 'move' || op === 'copy') && jsonpatch.getValueByPointer(document, (operation as { from: string }).from) === undefined) {
    throw new Error(`${op} operation does not apply: doc is missing from path: "${(operation as { from: string }).from}"`);
  }
}
