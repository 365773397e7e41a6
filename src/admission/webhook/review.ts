/**
 * The AdmissionReview sent to a webhook and the checks on its answer: webhook/request/
 * admissionreview.go (CreateAdmissionObjects, CreateV1AdmissionReview, VerifyAdmissionResponse),
 * v1.32. The first of the webhook's admissionReviewVersions this server knows is sent.
 */
import { goQuote } from '../../apimachinery/go-format.js';
import { CallingWebhookError } from './errors.js';
import type { Webhook, WebhookAttributes } from './types.js';

export type ReviewVersion = 'v1' | 'v1beta1';

/** The fields kube reads from an answer, after VerifyAdmissionResponse. */
export interface AdmissionResponse {
  allowed: boolean;
  /** response.status (Go field Result): the metav1.Status of a denial. */
  result: unknown;
  patch: string;
  patchType: string;
  warnings: string[];
  auditAnnotations: Record<string, string>;
}

/** CreateAdmissionObjects: the first known version, or the call fails (subject to failurePolicy). */
export function reviewVersion(webhook: Webhook): ReviewVersion {
  const version = webhook.admissionReviewVersions.find((item) => item === 'v1' || item === 'v1beta1');
  if (version) return version as ReviewVersion;
  throw new CallingWebhookError(webhook.name, 'could not create admission objects: webhook does not accept known AdmissionReview versions (v1, v1beta1)');
}

function userInfo(attrs: WebhookAttributes): Record<string, unknown> {
  const info: Record<string, unknown> = { username: attrs.userInfo.username };
  if (attrs.userInfo.uid) info.uid = attrs.userInfo.uid;
  if (attrs.userInfo.groups.length > 0) info.groups = attrs.userInfo.groups;
  if (attrs.userInfo.extra && Object.keys(attrs.userInfo.extra).length > 0) info.extra = attrs.userInfo.extra;
  return info;
}

/** CreateV1AdmissionReview, in the field order kube encodes; the matched resource is the requested one. */
export function admissionReview(version: ReviewVersion, uid: string, attrs: WebhookAttributes, object: Record<string, unknown> | null): Record<string, unknown> {
  const kind = { group: attrs.kind.group, version: attrs.kind.version, kind: attrs.kind.kind };
  const resource = { group: attrs.group, version: attrs.version, resource: attrs.resource };
  const request: Record<string, unknown> = { uid, kind, resource };
  if (attrs.subresource) request.subResource = attrs.subresource;
  request.requestKind = kind;
  request.requestResource = resource;
  if (attrs.subresource) request.requestSubResource = attrs.subresource;
  if (attrs.name) request.name = attrs.name;
  if (attrs.namespace) request.namespace = attrs.namespace;
  Object.assign(request, {
    operation: attrs.operation,
    userInfo: userInfo(attrs),
    object,
    oldObject: attrs.oldObject,
    dryRun: attrs.dryRun,
    options: attrs.options,
  });
  return { kind: 'AdmissionReview', apiVersion: `admission.k8s.io/${version}`, request };
}

function invalid(webhook: Webhook, why: string): CallingWebhookError {
  return new CallingWebhookError(webhook.name, `received invalid webhook response: ${why}`);
}

/** schema.GroupVersionKind.String() of the answer's apiVersion and kind. */
function gvkText(apiVersion: unknown, kind: unknown): string {
  const text = typeof apiVersion === 'string' ? apiVersion : '';
  const slash = text.indexOf('/');
  const [group, version] = slash < 0 ? ['', text] : [text.slice(0, slash), text.slice(slash + 1)];
  return `${group}/${version}, Kind=${typeof kind === 'string' ? kind : ''}`;
}

function stringMap(value: unknown): Record<string, string> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** VerifyAdmissionResponse. v1 answers must echo the uid and be admission.k8s.io/v1 AdmissionReview; v1beta1 ones are not checked. */
export function verifyAdmissionResponse(webhook: Webhook, version: ReviewVersion, uid: string, mutating: boolean, review: Record<string, unknown>): AdmissionResponse {
  const response = review.response;
  if (response === null || typeof response !== 'object' || Array.isArray(response)) throw invalid(webhook, 'webhook response was absent');
  const answer = response as Record<string, unknown>;
  const patch = typeof answer.patch === 'string' ? answer.patch : '';
  const hasPatchType = answer.patchType !== undefined && answer.patchType !== null;
  let patchType = typeof answer.patchType === 'string' ? answer.patchType : '';
  if (version === 'v1') {
    const answerUid = typeof answer.uid === 'string' ? answer.uid : '';
    if (answerUid !== uid) throw invalid(webhook, `expected response.uid=${goQuote(uid)}, got ${goQuote(answerUid)}`);
    const got = gvkText(review.apiVersion, review.kind);
    if (got !== 'admission.k8s.io/v1, Kind=AdmissionReview') throw invalid(webhook, `expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got ${got}`);
    if (mutating) {
      if (patch && !hasPatchType) throw invalid(webhook, 'webhook returned response.patch but not response.patchType');
      if (!patch && hasPatchType) throw invalid(webhook, 'webhook returned response.patchType but not response.patch');
      if (hasPatchType && patchType === '') throw invalid(webhook, 'webhook returned invalid response.patchType of ""');
    } else {
      if (patch) throw invalid(webhook, 'validating webhook may not return response.patch');
      if (hasPatchType) throw invalid(webhook, 'validating webhook may not return response.patchType');
    }
  } else {
    patchType = mutating && patch ? 'JSONPatch' : '';
  }
  return {
    allowed: answer.allowed === true,
    result: answer.status,
    patch: mutating ? patch : '',
    patchType: mutating ? patchType : '',
    warnings: Array.isArray(answer.warnings) ? answer.warnings.filter((item): item is string => typeof item === 'string') : [],
    auditAnnotations: stringMap(answer.auditAnnotations),
  };
}
