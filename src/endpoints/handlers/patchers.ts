/**
 * The patch types and their engines: JSON patch, JSON merge patch and, for built-in kinds (which
 * have patch strategies in their schema), strategic merge patch. Each engine becomes a function
 * from the current object to the patched one, run inside the update loop.
 */
import type { ResourceType } from '../../api/catalog.js';
import { essence, parseMediaType } from '../../codecs/media-type.js';
import { goJsonSyntaxError } from '../../apimachinery/go-json-errors.js';
import { JsonPatchApplyError, JsonPatchDecodeError, applyJsonPatch, decodeJsonPatch } from '../../patch/json-patch.js';
import { applyMergePatch } from '../../patch/merge-patch.js';
import {
  StrategicMergePatchError, applyStrategicMergePatch, schemaLookupForKind, strategicMergePatchStatus,
} from '../../patch/strategic/index.js';
import { StatusError, badRequest, invalid, unsupportedMediaType } from '../../apimachinery/status.js';
import { fieldError } from '../../apimachinery/field-errors.js';
import { goPrintValue } from '../../apimachinery/go-format.js';
import { fromUnstructuredError } from '../../schema/from-unstructured.js';
import { isJsonObject } from '../../apimachinery/json-value.js';
import { jsonPatchReach, mergePatchReach } from './patched-document.js';
import type { KubeObject } from '../../apimachinery/object.js';

export type PatchType =
  | 'application/json-patch+json'
  | 'application/merge-patch+json'
  | 'application/strategic-merge-patch+json'
  | ApplyPatchType;

/** Server-side apply's patch types: YAML (JSON is YAML) and CBOR. */
export type ApplyPatchType = 'application/apply-patch+yaml' | 'application/apply-patch+cbor';

/** Whether a patch type is server-side apply. */
export function isApplyPatch(patchType: PatchType): patchType is ApplyPatchType {
  return patchType === 'application/apply-patch+yaml' || patchType === 'application/apply-patch+cbor';
}

/**
 * The patch types of `type`, in the order kube's 415 lists them (server-side apply is handled by
 * the patch handler). JSON patch and merge patch have no CBOR form (415), as in kube.
 */
export function patchTypesFor(type: ResourceType): PatchType[] {
  const types: PatchType[] = ['application/json-patch+json', 'application/merge-patch+json'];
  if (!type.custom && schemaLookupForKind(type.group, type.version, type.kind)) types.push('application/strategic-merge-patch+json');
  types.push('application/apply-patch+yaml', 'application/apply-patch+cbor');
  return types;
}

/** The patch type of a Content-Type; 415 with the accepted types for anything else. */
export function negotiatePatchType(contentType: string | null, type: ResourceType): PatchType {
  const accepted = patchTypesFor(type);
  const requested = contentType ? essence(parseMediaType(contentType)) : '';
  if (!(accepted as string[]).includes(requested)) throw unsupportedMediaType(accepted);
  return requested as PatchType;
}

/** The function that applies the request's (non-apply) patch to a current object of `type`. */
export function patcher(patchType: Exclude<PatchType, ApplyPatchType>, body: string, type: ResourceType): (current: KubeObject) => unknown {
  if (patchType === 'application/json-patch+json') return jsonPatcher(body);
  const patch = parsePatchJson(body, patchType);
  if (patchType === 'application/merge-patch+json') return (current) => applyMergePatch(current, patch);
  const schema = schemaLookupForKind(type.group, type.version, type.kind)!;
  return (current) => {
    let patched: unknown;
    try {
      patched = applyStrategicMergePatch(current, patch, schema);
    } catch (error) {
      if (error instanceof StrategicMergePatchError) throw strategicMergePatchStatus(error);
      throw error;
    }
    checkConvertible(patched, patch, type);
    return patched;
  };
}

/**
 * kube turns the patched map back into the Go struct (FromUnstructured) before anything decodes
 * it: a value of the wrong shape is a 422 on the field `patch`, naming the patch as Go prints a map.
 */
function checkConvertible(patched: unknown, patch: unknown, type: ResourceType): void {
  const error = fromUnstructuredError(type.group, type.version, type.kind, patched);
  if (error) throw invalid({ group: '', kind: '' }, '', [fieldError.invalid('patch', goPrintValue(patch), error)]);
}

/**
 * Which objects of the patched document the patch reached (what evanphx/json-patch re-encodes
 * sorted), for the 422 that names the document when it does not decode; null for strategic merge
 * patches, whose errors come from the conversion above.
 */
export function patchReach(patchType: Exclude<PatchType, ApplyPatchType>, body: string): ((path: readonly string[]) => boolean) | null {
  if (patchType === 'application/strategic-merge-patch+json') return null;
  const parsed: unknown = JSON.parse(body);
  if (patchType === 'application/merge-patch+json') return mergePatchReach(parsed);
  return jsonPatchReach(Array.isArray(parsed) ? parsed.filter(isJsonObject) : []);
}

function jsonPatcher(body: string): (current: KubeObject) => unknown {
  let operations;
  try {
    operations = decodeJsonPatch(body);
  } catch (error) {
    if (error instanceof JsonPatchDecodeError) throw badRequest(error.message);
    throw error;
  }
  return (current) => {
    try {
      return applyJsonPatch(current, operations);
    } catch (error) {
      if (error instanceof JsonPatchApplyError) throw unprocessablePatch();
      throw error;
    }
  };
}

/** A merge patch that is not JSON is evanphx's "Invalid JSON Patch"; a strategic one, Go's syntax error. */
function parsePatchJson(body: string, patchType: PatchType): unknown {
  const syntax = goJsonSyntaxError(body);
  if (syntax === null) return JSON.parse(body);
  throw badRequest(patchType === 'application/merge-patch+json' ? 'Invalid JSON Patch' : syntax);
}

/** kube's NewGenericServerResponse(422): a generic message, empty details. */
function unprocessablePatch(): StatusError {
  return new StatusError({
    kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
    message: 'the server rejected our request due to an error in our request', reason: 'Invalid', details: {}, code: 422,
  });
}
