/**
 * Storage errors become API errors per verb, as kube's registry does
 * (k8s.io/apiserver/pkg/storage/errors: InterpretCreateError, InterpretUpdateError, ...).
 */
import { StorageError } from '../storage/errors.js';
import * as status from '../apimachinery/status.js';
import type { GroupResource } from '../apimachinery/status.js';

export const listTooOldText = 'The resourceVersion for the provided list is too old.';
export const continueTooOldText =
  'The provided continue parameter is too old to display a consistent list result. You can start a new list without ' +
  'the continue parameter, or use the continue token in this response to retrieve the remainder of the results. ' +
  'Continuing with the provided token results in an inconsistent list - objects that were created, modified, or ' +
  'deleted between the time the first chunk was returned and now may show up in the list.';

/** Translates a storage error for `name` of `resource`; anything else passes through. */
export function interpretStorageError(error: unknown, resource: GroupResource, name: string): unknown {
  if (!(error instanceof StorageError)) return error;
  const failure = error.failure;
  switch (failure.code) {
    case 'KeyNotFound':
      return status.notFound(resource, name);
    case 'KeyExists':
      return status.alreadyExists(resource, name);
    case 'Conflict':
      return status.conflict(resource, name, status.modifiedConflictText);
    case 'Expired':
      return status.expired(listTooOldText);
    case 'TooLargeResourceVersion':
      return tooLargeResourceVersion(failure.requestedResourceVersion ?? 0, failure.currentResourceVersion ?? 0);
    case 'Closed':
      return definitionTerminating(resource);
  }
}

/**
 * kube's CRD handler refusing a create while the CustomResourceDefinition terminates (405
 * MethodNotAllowed, details naming the resource as kind); also storage's answer (Closed) to a
 * create admitted under a catalog that did not know yet.
 */
export function definitionTerminating(resource: GroupResource): status.StatusError {
  const error = status.methodNotSupported(resource, 'create');
  error.status.message = 'create not allowed while custom resource definition is terminating';
  return error;
}

/** 504 for a resourceVersion newer than anything committed (kube's cacher wording). */
export function tooLargeResourceVersion(requested: number, current: number): status.StatusError {
  return status.timeout(`Too large resource version: ${requested}, current: ${current}`, 1, [
    { reason: 'ResourceVersionTooLarge', message: 'Too large resource version' },
  ]);
}
