/**
 * Applying a mutating webhook's answer to the object (the JSONPatch half of
 * mutating/dispatcher.go callAttrMutatingHook, v1.32). The patch is applied with the project's
 * evanphx-compatible JSON patch; kube then decodes the result into its Go type and runs the
 * type's defaulting, which the caller (which knows the type) must do here.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { applyJsonPatch, decodeJsonPatch, JsonPatchApplyError, JsonPatchDecodeError } from '../../patch/json-patch.js';
import { internalError } from '../../apimachinery/status.js';
import { CallingWebhookError } from './errors.js';
import type { AdmissionResponse } from './review.js';
import type { Webhook } from './types.js';

function base64Text(webhook: Webhook, patch: string): string {
  try {
    const binary = atob(patch);
    return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  } catch {
    throw new CallingWebhookError(webhook.name, 'failed to call webhook: illegal base64 data in response.patch');
  }
}

/** Structural equality of two JSON values (apiequality.Semantic.DeepEqual on decoded objects). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  const left = Object.entries(a as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightCount = Object.values(right).filter((value) => value !== undefined).length;
  return left.length === rightCount && left.every(([key, value]) => Object.hasOwn(right, key) && jsonEqual(value, right[key]));
}

/**
 * The object after the answer's patch, or `object` itself when there is no patch. An undecodable
 * patch or an unknown patchType is a CallingWebhookError; a patch for a request without an object
 * or one that does not apply is a 500 not subject to failurePolicy, as in kube.
 */
export function patchedObject(webhook: Webhook, response: AdmissionResponse, object: Record<string, unknown> | null): Record<string, unknown> | null {
  if (response.patch === '') return object;
  let operations;
  try {
    operations = decodeJsonPatch(base64Text(webhook, response.patch));
  } catch (error) {
    if (!(error instanceof JsonPatchDecodeError)) throw error;
    throw new CallingWebhookError(webhook.name, `received undecodable patch in webhook response: ${error.message}`);
  }
  if (operations.length === 0) return object;
  if (object === null) throw internalError(`admission webhook ${goQuote(webhook.name)} attempted to modify the object, which is not supported for this operation`);
  if (response.patchType !== 'JSONPatch') throw new CallingWebhookError(webhook.name, `unsupported patch type ${goQuote(response.patchType)}`);
  try {
    return applyJsonPatch(object, operations) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof JsonPatchApplyError) throw internalError(error.message);
    throw error;
  }
}
