/**
 * ReplicationController (core/v1) and PodTemplate: SetDefaults_ReplicationController (selector and
 * labels from the template's labels; replicas 1), the pod template defaults, status `{replicas: 0}`
 * on create (pkg/registry/core/replicationcontroller/strategy.go), and
 * ValidateReplicationController / ValidatePodTemplate (kube v1.32).
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { asNumber, asRecord, asTextMap, ensureRecord, orderKeys, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { goStringMapLiteral } from './go-values.js';
import { defaultPodTemplate } from './pod-defaults.js';
import { validatePodTemplateSpec } from './pod-spec-validation.js';

const statusOrder = ['replicas', 'fullyLabeledReplicas', 'readyReplicas', 'availableReplicas', 'observedGeneration', 'conditions'];

function defaultReplicationController(controller: JsonRecord): void {
  const spec = ensureRecord(controller, 'spec');
  const template = asRecord(spec.template);
  const labels = asRecord(asRecord(template?.metadata)?.labels);
  if (labels) {
    if (Object.keys(asRecord(spec.selector) ?? {}).length === 0) spec.selector = { ...labels };
    const metadata = ensureRecord(controller, 'metadata');
    if (Object.keys(asRecord(metadata.labels) ?? {}).length === 0) metadata.labels = { ...labels };
  }
  if (spec.replicas === undefined || spec.replicas === null) spec.replicas = 1;
  if (template) defaultPodTemplate(template);
  orderKeys(spec, ['replicas', 'minReadySeconds', 'selector', 'template']);
  const status = asRecord(controller.status);
  if (status) orderKeys(status, statusOrder);
}

/** ValidateReplicationControllerSpec: non-negative counts, a selector matching the template, pods that restart Always. */
function validateReplicationControllerSpec(spec: JsonRecord): FieldError[] {
  const errors = validateNonNegativeField(asNumber(spec.minReadySeconds), 'spec.minReadySeconds');
  if (Object.keys(asRecord(spec.selector) ?? {}).length === 0) errors.push(fieldError.required('spec.selector'));
  errors.push(...validateNonNegativeField(asNumber(spec.replicas), 'spec.replicas'));
  const template = asRecord(spec.template);
  if (!template) return [...errors, fieldError.required('spec.template')];
  const selector = asTextMap(spec.selector);
  const labelsValue = asRecord(asRecord(template.metadata)?.labels);
  const labels = labelsValue ? asTextMap(labelsValue) : undefined;
  if (Object.keys(selector).length && !Object.entries(selector).every(([key, value]) => labels?.[key] === value)) {
    errors.push(fieldError.invalid('spec.template.metadata.labels', new GoLiteral(goStringMapLiteral(labels)), '`selector` does not match template `labels`'));
  }
  errors.push(...validatePodTemplateSpec(template, 'spec.template'));
  const podSpec = asRecord(template.spec) ?? {};
  if (podSpec.restartPolicy !== 'Always') errors.push(fieldError.notSupported('spec.template.spec.restartPolicy', podSpec.restartPolicy ?? '', ['Always']));
  if (podSpec.activeDeadlineSeconds !== undefined && podSpec.activeDeadlineSeconds !== null) {
    errors.push(fieldError.forbidden('spec.template.spec.activeDeadlineSeconds', 'activeDeadlineSeconds in ReplicationController is not Supported'));
  }
  return errors;
}

/** The ReplicationController kind's semantics. */
export const replicationController: KindSemantics = {
  default: (object) => defaultReplicationController(object as JsonRecord),
  prepareForCreate(object) {
    // ReplicationControllerStatus.replicas has no omitempty: an empty status is written as {replicas: 0}.
    object.status = { replicas: 0 };
  },
  validate: (object) => validateReplicationControllerSpec(asRecord(object.spec) ?? {}),
  validateUpdate: (object) => validateReplicationControllerSpec(asRecord(object.spec) ?? {}),
};

/** The PodTemplate kind's semantics. */
export const podTemplate: KindSemantics = {
  default(object) {
    const template = asRecord((object as JsonRecord).template);
    if (template) defaultPodTemplate(template);
  },
  validate: (object) => validatePodTemplateSpec(asRecord((object as JsonRecord).template) ?? {}, 'template'),
  validateUpdate: (object) => validatePodTemplateSpec(asRecord((object as JsonRecord).template) ?? {}, 'template'),
};
