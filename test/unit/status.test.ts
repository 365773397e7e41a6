/** Status construction: each per-reason constructor against kube's errors.go output. */
import { describe, expect, it } from 'vitest';
import { fieldError } from '../../src/apimachinery/field-errors.js';
import * as status from '../../src/apimachinery/status.js';

const apps = { group: 'apps', resource: 'deployments' };
const core = { group: '', resource: 'configmaps' };

describe('Status constructors', () => {
  it.each([
    ['notFound, core group', () => status.notFound(core, 'x'), 404, 'NotFound', 'configmaps "x" not found', { name: 'x', kind: 'configmaps' }],
    ['notFound, named group', () => status.notFound(apps, 'web'), 404, 'NotFound', 'deployments.apps "web" not found', { name: 'web', group: 'apps', kind: 'deployments' }],
    ['alreadyExists', () => status.alreadyExists(apps, 'web'), 409, 'AlreadyExists', 'deployments.apps "web" already exists', { name: 'web', group: 'apps', kind: 'deployments' }],
    ['conflict', () => status.conflict(core, 'c', status.modifiedConflictText), 409, 'Conflict',
      'Operation cannot be fulfilled on configmaps "c": the object has been modified; please apply your changes to the latest version and try again', { name: 'c', kind: 'configmaps' }],
    ['badRequest', () => status.badRequest('nope'), 400, 'BadRequest', 'nope', undefined],
    ['expired', () => status.expired('too old'), 410, 'Expired', 'too old', undefined],
    ['methodNotAllowed', () => status.methodNotAllowed(), 405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {}],
    ['methodNotSupported', () => status.methodNotSupported(apps, 'watch'), 405, 'MethodNotAllowed', 'watch is not supported on resources of kind "deployments.apps"', { group: 'apps', kind: 'deployments' }],
    ['forbidden', () => status.forbidden(core, 'x', 'no'), 403, 'Forbidden', 'configmaps "x" is forbidden: no', { name: 'x', kind: 'configmaps' }],
    ['requestEntityTooLarge', () => status.requestEntityTooLarge('limit is 3'), 413, 'RequestEntityTooLarge', 'Request entity too large: limit is 3', undefined],
    ['tooManyRequests', () => status.tooManyRequests('slow down', 2), 429, 'TooManyRequests', 'slow down', { retryAfterSeconds: 2 }],
    ['timeout', () => status.timeout('Too large resource version: 9, current: 1', 1, [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }]), 504, 'Timeout',
      'Timeout: Too large resource version: 9, current: 1', { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 }],
    ['notAcceptable', () => status.notAcceptable(['application/json']), 406, 'NotAcceptable', '406: Not Acceptable\n\nAvailable representations: application/json', {}],
    ['unsupportedMediaType', () => status.unsupportedMediaType(['application/json']), 415, 'UnsupportedMediaType', 'the body of the request was in an unknown format - accepted media types include: application/json', undefined],
    ['internalError', () => status.internalError('boom'), 500, 'InternalError', 'Internal error occurred: boom', { causes: [{ message: 'boom' }] }],
  ])('%s', (_name, make, code, reason, message, details) => {
    const error = make();
    expect(error).toBeInstanceOf(status.StatusError);
    const want: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason };
    if (details !== undefined) want.details = details;
    want.code = code;
    expect(error.status).toEqual(want);
    expect(JSON.stringify(error.status)).toBe(JSON.stringify(want));
  });

  it('builds Invalid with one cause per field error and an aggregated message', () => {
    const error = status.invalid({ group: '', kind: 'ConfigMap' }, 'x', [
      fieldError.required('metadata.name', 'name or generateName is required'),
      fieldError.invalid('metadata.labels', '-', 'bad'),
    ]);
    expect(error.status.message).toBe('ConfigMap "x" is invalid: [metadata.name: Required value: name or generateName is required, metadata.labels: Invalid value: "-": bad]');
    expect(error.status.details).toEqual({
      name: 'x', kind: 'ConfigMap',
      causes: [
        { reason: 'FieldValueRequired', message: 'Required value: name or generateName is required', field: 'metadata.name' },
        { reason: 'FieldValueInvalid', message: 'Invalid value: "-": bad', field: 'metadata.labels' },
      ],
    });
  });

  it('builds a Success Status with details', () => {
    expect(status.success({ name: 'c', kind: 'configmaps', uid: 'u' })).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: 'c', kind: 'configmaps', uid: 'u' } });
  });
});
