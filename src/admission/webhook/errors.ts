/**
 * The errors of the webhook dispatchers, with kube-apiserver's texts:
 * webhook/errors/statuserror.go (ToStatusErr, NewDryRunUnsupportedErr) and
 * pkg/util/webhook/error.go (ErrCallingWebhook), v1.32.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { badRequest, internalError, StatusError, type Status, type StatusDetails } from '../../apimachinery/status.js';

/**
 * ErrCallingWebhook: the webhook could not be talked to or answered nonsense. Subject to the
 * webhook's failurePolicy; failing closed it becomes a 500 (failClosed).
 */
export class CallingWebhookError extends Error {
  constructor(readonly webhookName: string, readonly reason: string) {
    super(`failed calling webhook ${goQuote(webhookName)}: ${reason}`);
    this.name = 'CallingWebhookError';
  }
}

/** apierrors.NewInternalError(ErrCallingWebhook): `Internal error occurred: failed calling webhook "x": ...`. */
export function failClosed(error: CallingWebhookError): StatusError {
  return internalError(error.message);
}

/** NewDryRunUnsupportedErr: 400 `admission webhook "x" does not support dry run`. */
export function dryRunUnsupported(webhookName: string): StatusError {
  return badRequest(`admission webhook ${goQuote(webhookName)} does not support dry run`);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * ToStatusErr: the webhook's own response.status, with a code below 400 raised to 400, status
 * forced to Failure, and the message prefixed `admission webhook "x" denied the request: ` (the
 * message, else the reason, else ` without explanation`). Reason and details pass through.
 */
export function webhookRejection(webhookName: string, result: unknown): StatusError {
  const source = record(result) ?? {};
  const deniedBy = `admission webhook ${goQuote(webhookName)} denied the request`;
  const message = text(source.message);
  const reason = text(source.reason);
  const code = typeof source.code === 'number' && source.code >= 400 ? source.code : 400;
  const status: Record<string, unknown> = {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: record(source.metadata) ?? {},
    status: 'Failure',
    message: message ? `${deniedBy}: ${message}` : reason ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`,
  };
  if (reason) status.reason = reason;
  const details = record(source.details);
  if (details && Object.keys(details).length > 0) status.details = details as StatusDetails;
  status.code = code;
  return new StatusError(status as unknown as Status);
}
