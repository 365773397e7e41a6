/**
 * Updates through pods/ephemeralcontainers (kube v1.32 podEphemeralContainersStrategy and
 * ValidatePodEphemeralContainersUpdate): the new pod is the stored one with only its
 * spec.ephemeralContainers taken from the request, and existing ephemeral containers may be
 * neither removed nor changed. Static (mirror) pods take none.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asRecord, asRecords, asText, asTextMap } from '../json-values.js';
import { validatePodMetadataAndSpec } from './pod.js';
import { ephemeralContainerDiff } from './pod-spec-diff.js';
import { mirrorAnnotation, validatePodAnnotationUpdates } from './pod-update.js';

/**
 * dropNonEphemeralContainerUpdates: `object` becomes the stored pod with the request's name,
 * namespace, resourceVersion, uid and ephemeral containers (managedFields stay as stored, so the
 * write records no field manager entry, as in kube).
 */
export function keepOnlyEphemeralContainers(object: KubeObject, old: KubeObject): void {
  const { name, namespace, resourceVersion, uid } = object.metadata;
  const ephemeralContainers = asRecord(object.spec)?.ephemeralContainers;
  const pod = structuredClone(old);
  Object.assign(pod.metadata, { name, namespace, resourceVersion, uid });
  const spec = asRecord(pod.spec) ?? {};
  if (ephemeralContainers === undefined) delete spec.ephemeralContainers;
  else spec.ephemeralContainers = ephemeralContainers;
  for (const key of Object.keys(object)) delete object[key];
  Object.assign(object, pod);
}

/** ValidatePodEphemeralContainersUpdate without ObjectMeta (the strategy checks it first). */
export function validateEphemeralContainersUpdate(pod: KubeObject, old: KubeObject): FieldError[] {
  const errors = [...validatePodMetadataAndSpec(pod), ...validatePodAnnotationUpdates(pod.metadata.annotations, old.metadata.annotations)];
  if (mirrorAnnotation in asTextMap(old.metadata.annotations)) return [fieldError.forbidden('[]', 'static pods do not support ephemeral containers')]; // field.NewPath("") prints "[]"
  const path = 'spec.ephemeralContainers';
  const current = new Map(asRecords(asRecord(pod.spec)?.ephemeralContainers).map((container) => [asText(container.name), container]));
  for (const previous of asRecords(asRecord(old.spec)?.ephemeralContainers)) {
    const name = asText(previous.name);
    const next = current.get(name);
    if (!next) errors.push(fieldError.forbidden(path, `existing ephemeral containers ${goQuote(name)} may not be removed\n`));
    else if (!semanticEqual(previous, next)) {
      errors.push(fieldError.forbidden(path, `existing ephemeral containers ${goQuote(name)} may not be changed\n${ephemeralContainerDiff(previous, next)}`));
    }
  }
  return errors;
}
