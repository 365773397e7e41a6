/**
 * Errors of strategic merge patch with kube's texts (k8s.io/apimachinery/pkg/util/mergepatch
 * errors.go, strategicpatch patch.go) and the HTTP answer kube-apiserver gives each one.
 *
 * kube-apiserver (endpoints/handlers/patch.go, interpretStrategicMergePatchError) maps:
 * - ErrBadJSONDoc, ErrBadPatchFormatForPrimitiveList, ErrBadPatchFormatForRetainKeys,
 *   ErrBadPatchFormatForSetElementOrderList, ErrUnsupportedStrategicMergePatchFormat
 *   -> errors.NewBadRequest(text): 400, reason BadRequest.
 * - ErrNoListOfLists, ErrPatchContentNotMatchRetainKeys -> NewGenericServerResponse(422): the text
 *   is dropped, the body says "the server rejected our request due to an error in our request".
 * - every other error (fmt.Errorf: missing merge key, unknown patch type, ...) is returned as is;
 *   responsewriters.ErrorToAPIStatus turns a non-Status error into 500, no reason, message = text.
 * - a Go runtime panic (comparing two maps with ==, a list starting with null) is recovered by
 *   WithPanicRecovery: a plain-text 500 with `apiserverPanicText`.
 */
import { StatusError, badRequest } from '../../apimachinery/status.js';

export const errBadJSONDoc = 'invalid JSON document';
export const errNoListOfLists = 'lists of lists are not supported';
export const errBadPatchFormatForPrimitiveList = 'invalid patch format of primitive list';
export const errBadPatchFormatForRetainKeys = 'invalid patch format of retainKeys';
export const errBadPatchFormatForSetElementOrderList = 'invalid patch format of setElementOrder list';
export const errPatchContentNotMatchRetainKeys = "patch content doesn't match retainKeys list";
export const errUnsupportedStrategicMergePatchFormat = 'strategic merge patch format is not supported';

/** The body kube-apiserver writes (text/plain) when a request panics. */
export const apiserverPanicText = 'This request caused apiserver to panic. Look in the logs for details.\n';

const badRequestTexts = new Set([
  errBadJSONDoc, errBadPatchFormatForPrimitiveList, errBadPatchFormatForRetainKeys,
  errBadPatchFormatForSetElementOrderList, errUnsupportedStrategicMergePatchFormat,
]);
const unprocessableTexts = new Set([errNoListOfLists, errPatchContentNotMatchRetainKeys]);

/** A strategic merge patch failure: kube's error text and the status code kube answers it with. */
export class StrategicMergePatchError extends Error {
  constructor(message: string, readonly code: 400 | 422 | 500, readonly panicked = false) {
    super(message);
    this.name = 'StrategicMergePatchError';
  }
}

/** An error with kube's `text`, classified as interpretStrategicMergePatchError does. */
export function mergeError(text: string): StrategicMergePatchError {
  if (badRequestTexts.has(text)) return new StrategicMergePatchError(text, 400);
  if (unprocessableTexts.has(text)) return new StrategicMergePatchError(text, 422);
  return new StrategicMergePatchError(text, 500);
}

/** The Status kube-apiserver answers; for a panic the caller writes `apiserverPanicText` instead. */
export function strategicMergePatchStatus(error: StrategicMergePatchError): StatusError {
  if (error.code === 400) return badRequest(error.message);
  if (error.code === 422) {
    return new StatusError({
      kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure',
      message: 'the server rejected our request due to an error in our request', reason: 'Invalid', details: {}, code: 422,
    });
  }
  // kube returns the remaining merge errors (missing merge key, unknown directive, order mismatch,
  // unknown field) as plain errors, which ErrorToAPIStatus makes a bare 500. They are the client's
  // mistake, and this server never answers bad input with a 5xx: 400 with kube's text.
  return badRequest(error.panicked ? apiserverPanicText.trim() : error.message);
}
