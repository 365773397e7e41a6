/**
 * Which field selectors each built-in kind accepts, as kube-apiserver v1.32 decides: after parsing,
 * ListResource/WatchResource run every term through scheme.ConvertFieldLabel for the served
 * group/version/kind and answer 400 BadRequest with the conversion's error text, unprefixed
 * (staging/src/k8s.io/apiserver/pkg/endpoints/handlers/get.go). Kinds without a registered
 * conversion get runtime.DefaultMetaV1FieldSelectorConversion (metadata.name, metadata.namespace).
 *
 * Sources: pkg/apis/core/v1/conversion.go, pkg/apis/batch/v1/conversion.go,
 * pkg/apis/certificates/v1/conversion.go, pkg/apis/events/v1/conversion.go; apps/v1 registers
 * none, so ReplicaSet's `status.replicas` is refused there although its strategy computes it.
 * Only GA versions are covered; kube keys conversions by version, these tables by group and kind.
 */
import { goQuote } from '../apimachinery/go-format.js';
import { SelectorParseError } from '../apimachinery/selectors/errors.js';
import type { FieldRequirement, FieldSelector } from '../apimachinery/selectors/fields.js';

export { selectableFields } from './selectable-fields.js';

interface FieldLabelConversion {
  /** Accepted labels, each mapped to the field name stored in the selectable field set. */
  labels: Record<string, string>;
  /** The conversion's error text for any other label. */
  reject: (label: string) => string;
}

const notSupported = (label: string): string => `field label not supported: ${label}`;

function identity(...labels: string[]): Record<string, string> {
  return Object.fromEntries(labels.map((label) => [label, label]));
}

const eventFields = [
  'involvedObject.kind', 'involvedObject.namespace', 'involvedObject.name', 'involvedObject.uid',
  'involvedObject.apiVersion', 'involvedObject.resourceVersion', 'involvedObject.fieldPath',
  'reason', 'reportingComponent', 'source', 'type', 'metadata.namespace', 'metadata.name',
];

// events.k8s.io names map onto the core/v1 field set that Event storage computes.
const eventsGroupLabels: Record<string, string> = {
  reason: 'reason',
  'regarding.kind': 'involvedObject.kind',
  'regarding.namespace': 'involvedObject.namespace',
  'regarding.name': 'involvedObject.name',
  'regarding.uid': 'involvedObject.uid',
  'regarding.apiVersion': 'involvedObject.apiVersion',
  'regarding.resourceVersion': 'involvedObject.resourceVersion',
  'regarding.fieldPath': 'involvedObject.fieldPath',
  reportingController: 'reportingComponent',
  type: 'type',
  'metadata.namespace': 'metadata.namespace',
  'metadata.name': 'metadata.name',
};

const podLabels = identity(
  'metadata.name', 'metadata.namespace', 'spec.nodeName', 'spec.restartPolicy', 'spec.schedulerName',
  'spec.serviceAccountName', 'spec.hostNetwork', 'status.phase', 'status.podIP', 'status.podIPs',
  'status.nominatedNodeName',
);

// Keyed `group/Kind`, the core group being "".
const conversions: Record<string, FieldLabelConversion> = {
  // `spec.host` is accepted from old v1 clients and means spec.nodeName.
  '/Pod': { labels: { ...podLabels, 'spec.host': 'spec.nodeName' }, reject: notSupported },
  '/Node': { labels: identity('metadata.name', 'spec.unschedulable'), reject: notSupported },
  '/ReplicationController': { labels: identity('metadata.name', 'metadata.namespace', 'status.replicas'), reject: notSupported },
  '/Event': { labels: identity(...eventFields), reject: notSupported },
  '/Namespace': { labels: identity('status.phase', 'metadata.name'), reject: notSupported },
  '/Secret': { labels: identity('type', 'metadata.namespace', 'metadata.name'), reject: notSupported },
  '/Service': { labels: identity('metadata.namespace', 'metadata.name', 'spec.clusterIP', 'spec.type'), reject: notSupported },
  'batch/Job': {
    labels: identity('metadata.name', 'metadata.namespace', 'status.successful'),
    reject: (label) => `field label ${goQuote(label)} not supported for Job`,
  },
  'certificates.k8s.io/CertificateSigningRequest': { labels: identity('metadata.name', 'spec.signerName'), reject: notSupported },
  'events.k8s.io/Event': { labels: eventsGroupLabels, reject: notSupported },
};

// runtime.DefaultMetaV1FieldSelectorConversion.
const defaultConversion: FieldLabelConversion = {
  labels: identity('metadata.name', 'metadata.namespace'),
  reject: (label) => `${goQuote(label)} is not a known field selector: only "metadata.name", "metadata.namespace"`,
};

/**
 * Selector.Transform(ConvertFieldLabel) for a built-in kind: returns the selector with field names
 * mapped to the stored field set (e.g. Pod `spec.host` -> `spec.nodeName`, events.k8s.io
 * `regarding.name` -> `involvedObject.name`), values unchanged. Match objects with the result.
 * Throws SelectorParseError with kube's 400 message at the first refused term, in parsed order.
 */
export function convertFieldSelector(group: string, kind: string, selector: FieldSelector): FieldSelector {
  return applyConversion(conversions[`${group}/${kind}`] ?? defaultConversion, selector);
}

/** Throws SelectorParseError with kube's 400 message if any term is refused for the kind. */
export function validateFieldSelector(group: string, kind: string, selector: FieldSelector): void {
  convertFieldSelector(group, kind, selector);
}

/**
 * The custom resource converter of apiextensions-apiserver (crConverter.ConvertFieldLabel):
 * metadata.name, metadata.namespace unless cluster-scoped, and the version's CRD selectableFields.
 */
export function convertCustomResourceFieldSelector(
  selector: FieldSelector,
  options: { clusterScoped: boolean; selectableFields?: readonly string[] },
): FieldSelector {
  const accepted = ['metadata.name', ...(options.clusterScoped ? [] : ['metadata.namespace']), ...(options.selectableFields ?? [])];
  return applyConversion({ labels: identity(...accepted), reject: notSupported }, selector);
}

function applyConversion(conversion: FieldLabelConversion, selector: FieldSelector): FieldSelector {
  const requirements = selector.requirements.map((requirement): FieldRequirement => {
    if (!Object.hasOwn(conversion.labels, requirement.field)) throw new SelectorParseError(conversion.reject(requirement.field));
    return { ...requirement, field: conversion.labels[requirement.field]! };
  });
  return { requirements };
}
