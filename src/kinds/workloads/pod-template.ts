/**
 * Pod templates inside workloads (core.PodTemplateSpec). Defaulting and ValidatePodTemplateSpec
 * come from the core kinds (src/kinds/core/pod-defaults.ts, pod-spec-validation.ts); this file
 * adapts them to the workload kinds' shapes and adds the template readers they share.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateAnnotations, validateLabels } from '../../apimachinery/validation/metadata-fields.js';
import { defaultPodTemplate as defaultCorePodTemplate } from '../core/pod-defaults.js';
import { validatePodTemplateSpec } from '../core/pod-spec-validation.js';
import { asOptionalTextMap, asRecord, ensureRecord, type JsonRecord } from '../json-values.js';

/**
 * Defaults `parent[key]` as a PodTemplateSpec (SetObjectDefaults_<Kind> on `spec.template`): the
 * pod spec's defaults, and metadata with `creationTimestamp: null` (golden 072). A missing
 * template is created, as Go's non-pointer PodTemplateSpec always exists.
 */
export function defaultPodTemplate(parent: JsonRecord, key = 'template'): void {
  defaultCorePodTemplate(ensureRecord(parent, key));
}

/** The template's labels (nil when absent), as `template.Labels`. */
export function templateLabels(template: unknown): Record<string, string> | undefined {
  return asOptionalTextMap(asRecord(asRecord(template)?.metadata)?.labels);
}

/** The template's pod spec for reading (`template.Spec`). */
export function templatePodSpec(template: unknown): JsonRecord {
  return asRecord(asRecord(template)?.spec) ?? {};
}

/**
 * Labels and annotations of a template alone (StatefulSets validate no more of it). Quirk: kube
 * reports them at `<path>.labels` and `<path>.annotations`, without `.metadata`.
 */
export function validateTemplateMetadata(template: unknown, path: string): FieldError[] {
  const metadata = asRecord(asRecord(template)?.metadata) ?? {};
  return [...validateLabels(asOptionalTextMap(metadata.labels), `${path}.labels`), ...validateAnnotations(asOptionalTextMap(metadata.annotations), `${path}.annotations`)];
}

/** ValidatePodTemplateSpec (core's): template metadata, the pod spec, no ephemeral containers. */
export function validatePodTemplate(template: unknown, path: string): FieldError[] {
  return validatePodTemplateSpec(asRecord(template) ?? {}, path);
}
