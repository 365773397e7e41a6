/**
 * validateAPIApproval and validatePreserveUnknownFields (apiextensions validation.go, kube v1.32):
 * CRDs in the community's protected groups (`k8s.io`, `kubernetes.io` and their subdomains)
 * carry the `api-approved.kubernetes.io` annotation, with a URL or a reason starting with
 * "unapproved"; and v1 CRDs may not newly set spec.preserveUnknownFields.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord } from '../json-values.js';

const annotation = 'api-approved.kubernetes.io';
const enhancement = 'see https://github.com/kubernetes/enhancements/pull/1111';

type ApprovalState = 'Approved' | 'Bypassed' | 'Invalid' | 'Missing';

/** apihelpers.IsProtectedCommunityGroup. */
function isProtectedGroup(group: string): boolean {
  return [group === 'k8s.io', group.endsWith('.k8s.io'), group === 'kubernetes.io', group.endsWith('.kubernetes.io')].some(Boolean);
}

/** url.ParseRequestURI's verdict as GetAPIApprovalState reads it: an absolute URL with a host. */
function isApprovalURL(value: string): boolean {
  const match = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)/.exec(value);
  return !!match && match[2]!.replace(/^.*@/, '') !== '' && !/\s/.test(value);
}

/** apihelpers.GetAPIApprovalState. */
function approvalState(object: KubeObject): { state: ApprovalState; reason: string; value: string } {
  const value = object.metadata.annotations?.[annotation] ?? '';
  if (value === '') return { state: 'Missing', value, reason: `protected groups must have approval annotation "${annotation}", ${enhancement}` };
  if (value.startsWith('unapproved')) return { state: 'Bypassed', value, reason: `not approved: ${goQuote(value)}` };
  if (isApprovalURL(value)) return { state: 'Approved', value, reason: `approved in ${value}` };
  const reason = `protected groups must have approval annotation "${annotation}" with either a URL or a reason starting with "unapproved", ${enhancement}`;
  return { state: 'Invalid', value, reason };
}

/** validateAPIApproval; an update that keeps the approval state is never refused. */
export function validateAPIApproval(object: KubeObject, group: string, old?: KubeObject): FieldError[] {
  if (!isProtectedGroup(group)) return [];
  const next = approvalState(object);
  if (old && approvalState(old).state === next.state) return [];
  const path = `metadata.annotations[${annotation}]`;
  if (next.state === 'Missing') return [fieldError.required(path, next.reason)];
  if (next.state === 'Invalid') return [fieldError.invalid(path, next.value, next.reason)];
  return [];
}

/** validatePreserveUnknownFields: true is refused unless the stored CRD already had it. */
export function validatePreserveUnknownFields(object: KubeObject, old?: KubeObject): FieldError[] {
  if (old && asRecord(old.spec)?.preserveUnknownFields === true) return [];
  if (asRecord(object.spec)?.preserveUnknownFields !== true) return [];
  const message = 'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead';
  return [fieldError.invalid('spec.preserveUnknownFields', true, message)];
}
