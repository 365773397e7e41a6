/**
 * The one wire error type: a StatusError carries a complete metav1.Status and is built only
 * through the per-reason constructors below, which mirror k8s.io/apimachinery/pkg/api/errors.
 * Messages are kube-apiserver's, because kubectl prints them verbatim.
 */
import { aggregateText, fieldErrorBody, type FieldError } from './field-errors.js';
import { goQuote } from './go-format.js';

export interface StatusCause {
  reason?: string;
  message?: string;
  field?: string;
}

export interface StatusDetails {
  name?: string;
  group?: string;
  kind?: string;
  uid?: string;
  causes?: StatusCause[];
  retryAfterSeconds?: number;
}

export interface Status {
  kind: 'Status';
  apiVersion: 'v1';
  metadata: { continue?: string; resourceVersion?: string };
  status: 'Success' | 'Failure';
  message?: string;
  reason?: string;
  details?: StatusDetails;
  code: number;
}

/** A group and a resource (plural), printed `resource.group` or `resource` for the core group. */
export interface GroupResource {
  group: string;
  resource: string;
}

/** A group and a kind, printed `Kind.group` or `Kind`. */
export interface GroupKind {
  group: string;
  kind: string;
}

export class StatusError extends Error {
  constructor(readonly status: Status) {
    super(status.message ?? status.reason ?? 'error');
    this.name = 'StatusError';
  }
  get code(): number {
    return this.status.code;
  }
}

export function groupResourceText(resource: GroupResource): string {
  return resource.group ? `${resource.resource}.${resource.group}` : resource.resource;
}

export function groupKindText(kind: GroupKind): string {
  return kind.group ? `${kind.kind}.${kind.group}` : kind.kind;
}

function failure(code: number, reason: string | undefined, message: string, details?: StatusDetails): StatusError {
  const status: Status = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code };
  if (reason) status.reason = reason;
  if (details) status.details = details;
  return new StatusError(orderStatus(status));
}

/** Field order of metav1.Status on the wire: kind, apiVersion, metadata, status, message, reason, details, code. */
function orderStatus(status: Status): Status {
  const { kind, apiVersion, metadata, message, reason, details, code } = status;
  const result: Record<string, unknown> = { kind, apiVersion, metadata, status: status.status };
  if (message !== undefined) result.message = message;
  if (reason !== undefined) result.reason = reason;
  if (details !== undefined) result.details = orderDetails(details);
  result.code = code;
  return result as unknown as Status;
}

function orderDetails(details: StatusDetails): StatusDetails {
  const result: StatusDetails = {};
  if (details.name) result.name = details.name;
  if (details.group) result.group = details.group;
  if (details.kind) result.kind = details.kind;
  if (details.uid) result.uid = details.uid;
  if (details.causes?.length) result.causes = details.causes;
  if (details.retryAfterSeconds) result.retryAfterSeconds = details.retryAfterSeconds;
  return result;
}

function resourceDetails(resource: GroupResource, name: string): StatusDetails {
  return { name, group: resource.group, kind: resource.resource };
}

export function notFound(resource: GroupResource, name: string): StatusError {
  return failure(404, 'NotFound', `${groupResourceText(resource)} ${goQuote(name)} not found`, resourceDetails(resource, name));
}

export function alreadyExists(resource: GroupResource, name: string): StatusError {
  return failure(409, 'AlreadyExists', `${groupResourceText(resource)} ${goQuote(name)} already exists`, resourceDetails(resource, name));
}

/** 409 Conflict: `Operation cannot be fulfilled on configmaps "foo": <why>`. */
export function conflict(resource: GroupResource, name: string, why: string): StatusError {
  return failure(409, 'Conflict', `Operation cannot be fulfilled on ${groupResourceText(resource)} ${goQuote(name)}: ${why}`, resourceDetails(resource, name));
}

/** The message of an optimistic-concurrency conflict (storage.ErrResourceVersionConflicts). */
export const modifiedConflictText = 'the object has been modified; please apply your changes to the latest version and try again';

/** 422 Invalid with one cause per field error: `ConfigMap "x" is invalid: metadata.name: ...`. */
export function invalid(kind: GroupKind, name: string, errors: FieldError[]): StatusError {
  const causes: StatusCause[] = errors.map((error) => ({ reason: error.type, message: fieldErrorBody(error), field: error.field }));
  const message = errors.length === 0
    ? `${groupKindText(kind)} ${goQuote(name)} is invalid`
    : `${groupKindText(kind)} ${goQuote(name)} is invalid: ${aggregateText(errors)}`;
  return failure(422, 'Invalid', message, { name, group: kind.group, kind: kind.kind, causes });
}

export function badRequest(message: string): StatusError {
  return failure(400, 'BadRequest', message);
}

export function forbidden(resource: GroupResource, name: string, why: string): StatusError {
  const subject = name ? `${groupResourceText(resource)} ${goQuote(name)}` : groupResourceText(resource);
  return failure(403, 'Forbidden', `${subject} is forbidden: ${why}`, resourceDetails(resource, name));
}

/**
 * A 403 whose message is already complete (authorization denials, responsewriters.Forbidden):
 * details name the group, resource (as kind) and name, each left out when empty.
 */
export function forbiddenText(message: string, resource: GroupResource, name: string): StatusError {
  return failure(403, 'Forbidden', message, resourceDetails(resource, name));
}

export function unauthorized(message = 'Unauthorized'): StatusError {
  return failure(401, 'Unauthorized', message);
}

/** 405 for a verb the path does not serve (kube's NewGenericServerResponse for 405). */
/** go-restful's 404 for a path under a served API prefix that no route matches. */
export function routeNotFound(): StatusError {
  return failure(404, 'NotFound', 'the server could not find the requested resource', {});
}

export function methodNotAllowed(): StatusError {
  return failure(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource', {});
}

export function methodNotSupported(resource: GroupResource, action: string): StatusError {
  return failure(405, 'MethodNotAllowed', `${action} is not supported on resources of kind ${goQuote(groupResourceText(resource))}`, { group: resource.group, kind: resource.resource });
}

/** 410 Gone with reason Expired: a resourceVersion or continue token past the history window. */
export function expired(message: string): StatusError {
  return failure(410, 'Expired', message);
}

/** 410 Gone with reason Gone (legacy). */
export function gone(message: string): StatusError {
  return failure(410, 'Gone', message);
}

export function timeout(message: string, retryAfterSeconds: number, causes?: StatusCause[]): StatusError {
  return failure(504, 'Timeout', `Timeout: ${message}`, { causes, retryAfterSeconds });
}

export function tooManyRequests(message: string, retryAfterSeconds: number): StatusError {
  return failure(429, 'TooManyRequests', message, { retryAfterSeconds });
}

export function requestEntityTooLarge(message: string): StatusError {
  return failure(413, 'RequestEntityTooLarge', `Request entity too large: ${message}`);
}

/** An object too large to store: etcd's text, as kube relays it (kube as a bare 500; a 413 here). */
export function objectTooLarge(): StatusError {
  return failure(413, 'RequestEntityTooLarge', 'etcdserver: request is too large');
}

/** 406 with the list of representations the endpoint can produce. */
export function notAcceptable(available: readonly string[]): StatusError {
  return failure(406, 'NotAcceptable', `406: Not Acceptable\n\nAvailable representations: ${available.join(', ')}`, {});
}

/** 406 from kube's own negotiation (custom resources, conversions, watch streams). */
export function onlyAccepted(accepted: readonly string[]): StatusError {
  return failure(406, 'NotAcceptable', `only the following media types are accepted: ${accepted.join(', ')}`);
}

/** 415 for a request body in a format the endpoint does not decode. */
export function unsupportedMediaType(accepted: readonly string[]): StatusError {
  return failure(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${accepted.join(', ')}`);
}

/** 503 ServiceUnavailable (errors.NewServiceUnavailable): a backend that cannot be reached. */
export function serviceUnavailable(message: string): StatusError {
  return failure(503, 'ServiceUnavailable', message);
}

/**
 * What kube answers for an error that is not an API status (ErrorToAPIStatus): 500, the error's
 * text as the message, no reason (a failed dial to a kubelet, a node without addresses).
 */
export function unknownError(message: string): StatusError {
  return failure(500, undefined, message);
}

export function internalError(message: string): StatusError {
  return failure(500, 'InternalError', `Internal error occurred: ${message}`, { causes: [{ message }] });
}

/** 404 for a path that names no resource, answered as kube's mux does: plain text. */
export const pageNotFoundText = '404 page not found\n';

/** A Success Status, as returned by delete of an object that is gone at once. */
export function success(details?: StatusDetails): Status {
  const status: Record<string, unknown> = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success' };
  if (details) status.details = orderDetails(details);
  return status as unknown as Status;
}
