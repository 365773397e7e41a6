/**
 * apps/v1 Deployment: SetDefaults_Deployment (pkg/apis/apps/v1/defaults.go), ValidateDeploymentSpec
 * (pkg/apis/apps/validation/validation.go) and the deployment strategy
 * (pkg/registry/apps/deployment/strategy.go), kube v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asNumber, asRecord, asText, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateRequiredSelector, validateSelectedTemplate, validateSelectorImmutable } from './apps-validation.js';
import { goIntOrString, goStrategy } from '../shared/go-literals.js';
import { intOrPercentValue, isNotMoreThan100Percent, validatePositiveIntOrPercent } from './int-or-percent.js';
import { defaultPodTemplate } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

const specOrder = [
  'replicas', 'selector', 'template', 'strategy', 'minReadySeconds', 'revisionHistoryLimit', 'paused', 'rollbackTo', 'progressDeadlineSeconds',
];

/** SetDefaults_Deployment plus the template's pod defaults, in DeploymentSpec field order. */
export function defaultDeployment(object: KubeObject): void {
  const spec = specForWrite(object);
  setDefault(spec, 'replicas', 1);
  const strategy = ensureRecord(spec, 'strategy');
  if (!strategy.type) strategy.type = 'RollingUpdate';
  if (strategy.type === 'RollingUpdate') {
    const rollingUpdate = ensureRecord(strategy, 'rollingUpdate');
    setDefault(rollingUpdate, 'maxUnavailable', '25%');
    setDefault(rollingUpdate, 'maxSurge', '25%');
    orderKeys(rollingUpdate, ['maxUnavailable', 'maxSurge']);
  }
  orderKeys(strategy, ['type', 'rollingUpdate']);
  setDefault(spec, 'revisionHistoryLimit', 10);
  setDefault(spec, 'progressDeadlineSeconds', 600);
  defaultPodTemplate(spec);
  orderKeys(spec, specOrder);
}

/** ValidateDeploymentSpec, in kube's order. */
export function validateDeploymentSpec(spec: JsonRecord, path: string): FieldError[] {
  const minReadySeconds = asNumber(spec.minReadySeconds) ?? 0;
  const errors = [
    ...validateNonNegativeField(asNumber(spec.replicas) ?? 0, `${path}.replicas`),
    ...validateRequiredSelector(spec.selector, `${path}.selector`, 'empty selector is invalid for deployment'),
    ...validateSelectedTemplate(spec, path, 'ReplicaSet'),
    ...validateDeploymentStrategy(spec.strategy, `${path}.strategy`),
    ...validateNonNegativeField(minReadySeconds, `${path}.minReadySeconds`),
    ...validateNonNegativeField(asNumber(spec.revisionHistoryLimit), `${path}.revisionHistoryLimit`),
  ];
  const progressDeadlineSeconds = asNumber(spec.progressDeadlineSeconds);
  if (progressDeadlineSeconds !== undefined) {
    errors.push(...validateNonNegativeField(progressDeadlineSeconds, `${path}.progressDeadlineSeconds`));
    if (progressDeadlineSeconds <= minReadySeconds) {
      errors.push(fieldError.invalid(`${path}.progressDeadlineSeconds`, progressDeadlineSeconds, 'must be greater than minReadySeconds'));
    }
  }
  return errors;
}

/** ValidateDeploymentStrategy. */
function validateDeploymentStrategy(value: unknown, path: string): FieldError[] {
  const strategy = asRecord(value) ?? {};
  switch (asText(strategy.type)) {
    case 'Recreate':
      if (asRecord(strategy.rollingUpdate) === undefined) return [];
      return [fieldError.forbidden(`${path}.rollingUpdate`, "may not be specified when strategy `type` is 'Recreate'")];
    case 'RollingUpdate': {
      const rollingUpdate = asRecord(strategy.rollingUpdate);
      if (!rollingUpdate) return [fieldError.required(`${path}.rollingUpdate`, 'this should be defaulted and never be nil')];
      return validateRollingUpdateDeployment(rollingUpdate, `${path}.rollingUpdate`);
    }
    default:
      return [fieldError.notSupported(path, goStrategy(strategy, 'apps.DeploymentStrategy', 'apps.RollingUpdateDeployment'), ['Recreate', 'RollingUpdate'])];
  }
}

/** ValidateRollingUpdateDeployment: both counts valid, not both zero, maxUnavailable at most 100%. */
function validateRollingUpdateDeployment(rollingUpdate: JsonRecord, path: string): FieldError[] {
  const { maxUnavailable, maxSurge } = rollingUpdate;
  const errors = [
    ...validatePositiveIntOrPercent(maxUnavailable, `${path}.maxUnavailable`),
    ...validatePositiveIntOrPercent(maxSurge, `${path}.maxSurge`),
  ];
  if (intOrPercentValue(maxUnavailable) === 0 && intOrPercentValue(maxSurge) === 0) {
    errors.push(fieldError.invalid(`${path}.maxUnavailable`, goIntOrString(maxUnavailable), 'may not be 0 when `maxSurge` is 0'));
  }
  errors.push(...isNotMoreThan100Percent(maxUnavailable, `${path}.maxUnavailable`));
  return errors;
}

/**
 * The strategy's PrepareForUpdate generation rule beyond the generic one: kube also bumps the
 * generation when annotations change, because they are copied to the ReplicaSets.
 */
function bumpGenerationOnAnnotations(object: KubeObject, old: KubeObject): void {
  const generation = old.metadata.generation ?? 0;
  if (object.metadata.generation !== generation) return;
  if (!semanticEqual(object.metadata.annotations, old.metadata.annotations)) object.metadata.generation = generation + 1;
}

export const deploymentSemantics: KindSemantics = {
  default: defaultDeployment,
  prepareForCreate: (object) => resetStatus(object),
  prepareForUpdate(object, old) {
    keepStatus(object, old);
    bumpGenerationOnAnnotations(object, old);
  },
  validate: (object) => validateDeploymentSpec(specOf(object), 'spec'),
  validateUpdate: (object, old) => [...validateDeploymentSpec(specOf(object), 'spec'), ...validateSelectorImmutable(specOf(object), specOf(old))],
};
