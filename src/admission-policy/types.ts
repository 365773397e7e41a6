/**
 * The public shapes of ValidatingAdmissionPolicy evaluation: the admission attributes of one
 * request, the outcome (denial, warnings, audit annotations) and the params lookup. Objects are
 * plain JSON as kubectl sends them.
 */

import type { RequestAttributes } from './attributes.js';

export type Operation = RequestAttributes['operation'];

export interface AdmissionAttributes extends RequestAttributes {
  /** The Namespace of a namespaced request, else null. */
  namespaceObject: Record<string, unknown> | null;
  /** CreateOptions / UpdateOptions / DeleteOptions. */
  options?: Record<string, unknown> | null;
}

/** One failed validation of one policy/binding/param evaluation. */
export interface PolicyDecision {
  action: 'Deny' | 'Warn' | 'Audit';
  message: string;
  /** metav1.StatusReason: Invalid (default), Forbidden, Unauthorized, RequestEntityTooLarge. */
  reason: string;
  code: number;
  policy: string;
  binding: string;
}

export interface DeniedStatus {
  /** The Status message: `<resource> "<name>" is forbidden: ValidatingAdmissionPolicy '<p>' with binding '<b>' denied request: <message>`. */
  message: string;
  reason: string;
  code: number;
  /** The Status details kube sets (admission.NewForbidden plus one cause with the policy message). */
  details: { name: string; group: string; kind: string; causes: { message: string }[] };
}

export interface PolicyOutcome {
  denied?: DeniedStatus;
  /** Warning headers, in evaluation order. */
  warnings: string[];
  /** Audit annotations: `<policy>/<key>` from auditAnnotations, `validation.policy.admission.k8s.io/validation_failure` for Audit actions. */
  auditAnnotations: Record<string, string>;
  /** Every failed validation that a binding acted on, for callers that log or meter them. */
  decisions: PolicyDecision[];
}

export interface ParamKind {
  apiVersion: string;
  kind: string;
}

export interface ParamReference {
  name?: string;
  /** paramRef.namespace, else the request namespace (may be '' for cluster-scoped requests). */
  namespace?: string;
  /** A metav1.LabelSelector. */
  selector?: unknown;
}

/**
 * Params lookup. Returns the matching objects (empty when none), 'unknown-kind' when the param
 * kind is not served, or `{ error }` for a configuration error the source detects from the kind's
 * scope (kube: `cannot use namespaced paramRef in policy binding that matches cluster-scoped
 * resources`, `paramRef.namespace must not be provided for a cluster-scoped `paramKind``).
 */
export type ParamSource = (paramKind: ParamKind, ref: ParamReference) => Promise<Record<string, unknown>[] | 'unknown-kind' | { error: string }>;
