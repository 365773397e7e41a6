/**
 * apps/v1 ReplicaSet: SetDefaults_ReplicaSet (pkg/apis/apps/v1/defaults.go), ValidateReplicaSetSpec
 * (pkg/apis/apps/validation/validation.go) and pkg/registry/apps/replicaset/strategy.go, kube v1.32.
 */
import type { FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { asNumber, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateRequiredSelector, validateSelectedTemplate, validateSelectorImmutable } from './apps-validation.js';
import { defaultPodTemplate } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

/** SetDefaults_ReplicaSet (replicas 1) plus the template's pod defaults, in ReplicaSetSpec order. */
export function defaultReplicaSet(object: KubeObject): void {
  const spec = specForWrite(object);
  setDefault(spec, 'replicas', 1);
  defaultPodTemplate(spec);
  orderKeys(spec, ['replicas', 'minReadySeconds', 'selector', 'template']);
}

/** ValidateReplicaSetSpec. Quirk: an empty selector is "invalid for deployment" here too. */
export function validateReplicaSetSpec(spec: JsonRecord, path: string): FieldError[] {
  return [
    ...validateNonNegativeField(asNumber(spec.replicas) ?? 0, `${path}.replicas`),
    ...validateNonNegativeField(asNumber(spec.minReadySeconds) ?? 0, `${path}.minReadySeconds`),
    ...validateRequiredSelector(spec.selector, `${path}.selector`, 'empty selector is invalid for deployment'),
    ...validateSelectedTemplate(spec, path, 'ReplicaSet'),
  ];
}

/**
 * The strategy's ValidateUpdate runs ValidateReplicaSet and then ValidateReplicaSetUpdate, so
 * each spec error is reported twice (the Status message folds the duplicates).
 */
function validateReplicaSetUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const spec = specOf(object);
  return [...validateReplicaSetSpec(spec, 'spec'), ...validateReplicaSetSpec(spec, 'spec'), ...validateSelectorImmutable(spec, specOf(old))];
}

export const replicaSetSemantics: KindSemantics = {
  default: defaultReplicaSet,
  // ReplicaSetStatus.replicas has no omitempty.
  prepareForCreate: (object) => resetStatus(object, { replicas: 0 }),
  prepareForUpdate: keepStatus,
  validate: (object) => validateReplicaSetSpec(specOf(object), 'spec'),
  validateUpdate: validateReplicaSetUpdate,
};
