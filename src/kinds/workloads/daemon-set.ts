/**
 * apps/v1 DaemonSet: SetDefaults_DaemonSet (pkg/apis/apps/v1/defaults.go), ValidateDaemonSetSpec
 * (pkg/apis/apps/validation/validation.go) and pkg/registry/apps/daemonset/strategy.go, v1.32.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asNumber, asRecord, asText, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateAlwaysRestart, validateSelectorImmutable, validateTemplateSelection } from './apps-validation.js';
import { goIntOrString, goLabelSelector, goStrategy } from '../shared/go-literals.js';
import { intOrPercentValue, isNotMoreThan100Percent, validatePositiveIntOrPercent } from './int-or-percent.js';
import { labelSelectorConvertible, labelSelectorIsEmpty, validateLabelSelector } from '../shared/label-selector.js';
import { defaultPodTemplate, validatePodTemplate } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

/**
 * The internal spec.templateGeneration travels in apps/v1 as this annotation (the v1 conversion
 * writes it on every response); the strategy sets it to 1 on create and bumps it on template changes.
 */
export const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

/** DaemonSetStatus fields without omitempty. */
const daemonSetZeroStatus = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };

/**
 * SetDefaults_DaemonSet plus the template's pod defaults. The annotation is always there, as the
 * decoded object converted back to apps/v1 carries it ("0" before the strategy sets it), so the
 * request's field manager owns it, as in kube.
 */
export function defaultDaemonSet(object: KubeObject): void {
  setTemplateGeneration(object, templateGeneration(object));
  const spec = specForWrite(object);
  const updateStrategy = ensureRecord(spec, 'updateStrategy');
  if (!updateStrategy.type) updateStrategy.type = 'RollingUpdate';
  if (updateStrategy.type === 'RollingUpdate') {
    const rollingUpdate = ensureRecord(updateStrategy, 'rollingUpdate');
    setDefault(rollingUpdate, 'maxUnavailable', 1);
    setDefault(rollingUpdate, 'maxSurge', 0);
    orderKeys(rollingUpdate, ['maxUnavailable', 'maxSurge']);
  }
  orderKeys(updateStrategy, ['type', 'rollingUpdate']);
  setDefault(spec, 'revisionHistoryLimit', 10);
  defaultPodTemplate(spec);
  orderKeys(spec, ['selector', 'template', 'updateStrategy', 'minReadySeconds', 'revisionHistoryLimit']);
}

/** ValidateDaemonSetSpec. Quirk: a missing selector is not "Required", only a template mismatch. */
export function validateDaemonSetSpec(spec: JsonRecord, path: string): FieldError[] {
  const errors = validateLabelSelector(spec.selector, `${path}.selector`);
  if (labelSelectorConvertible(spec.selector)) errors.push(...validateTemplateSelection(spec.template, spec.selector, `${path}.template`));
  if (labelSelectorIsEmpty(spec.selector)) {
    errors.push(fieldError.invalid(`${path}.selector`, goLabelSelector(spec.selector), 'empty selector is invalid for daemonset'));
  }
  errors.push(...validatePodTemplate(spec.template, `${path}.template`));
  errors.push(...validateAlwaysRestart(spec.template, `${path}.template`, 'DaemonSet'));
  errors.push(...validateNonNegativeField(asNumber(spec.minReadySeconds) ?? 0, `${path}.minReadySeconds`));
  errors.push(...validateUpdateStrategy(asRecord(spec.updateStrategy) ?? {}, `${path}.updateStrategy`));
  errors.push(...validateNonNegativeField(asNumber(spec.revisionHistoryLimit), `${path}.revisionHistoryLimit`));
  return errors;
}

function validateUpdateStrategy(strategy: JsonRecord, path: string): FieldError[] {
  switch (asText(strategy.type)) {
    case 'OnDelete':
      return [];
    case 'RollingUpdate': {
      const rollingUpdate = asRecord(strategy.rollingUpdate);
      return rollingUpdate ? validateRollingUpdate(rollingUpdate, `${path}.rollingUpdate`) : [fieldError.required(`${path}.rollingUpdate`)];
    }
    default:
      return [fieldError.notSupported(path, goStrategy(strategy, 'apps.DaemonSetUpdateStrategy', 'apps.RollingUpdateDaemonSet'), ['RollingUpdate', 'OnDelete'])];
  }
}

/** ValidateRollingUpdateDaemonSet: counts or percents up to 100%, exactly one of them non-zero. */
function validateRollingUpdate(rollingUpdate: JsonRecord, path: string): FieldError[] {
  const { maxUnavailable, maxSurge } = rollingUpdate;
  const errors = [
    ...validatePositiveIntOrPercent(maxUnavailable, `${path}.maxUnavailable`),
    ...validatePositiveIntOrPercent(maxSurge, `${path}.maxSurge`),
    ...isNotMoreThan100Percent(maxUnavailable, `${path}.maxUnavailable`),
    ...isNotMoreThan100Percent(maxSurge, `${path}.maxSurge`),
  ];
  const hasUnavailable = intOrPercentValue(maxUnavailable) !== 0;
  const hasSurge = intOrPercentValue(maxSurge) !== 0;
  if (hasUnavailable && hasSurge) errors.push(fieldError.invalid(`${path}.maxSurge`, goIntOrString(maxSurge), 'may not be set when maxUnavailable is non-zero'));
  if (!hasUnavailable && !hasSurge) errors.push(fieldError.required(`${path}.maxUnavailable`, 'cannot be 0 when maxSurge is 0'));
  return errors;
}

/** The stored template generation (the annotation), 0 when absent or not an integer. */
function templateGeneration(object: KubeObject): number {
  const value = Number.parseInt(object.metadata.annotations?.[templateGenerationAnnotation] ?? '', 10);
  return Number.isNaN(value) ? 0 : value;
}

function setTemplateGeneration(object: KubeObject, generation: number): void {
  object.metadata.annotations = { ...object.metadata.annotations, [templateGenerationAnnotation]: String(generation) };
}

/** PrepareForUpdate: status kept; templateGeneration is the old one, plus one when the template changed. */
function prepareDaemonSetUpdate(object: KubeObject, old: KubeObject): void {
  keepStatus(object, old);
  const changed = !semanticEqual(specOf(object).template, specOf(old).template);
  setTemplateGeneration(object, templateGeneration(old) + (changed ? 1 : 0));
}

/**
 * The strategy's ValidateUpdate runs ValidateDaemonSet and ValidateDaemonSetUpdate, both of which
 * validate the spec, so each spec error is reported twice; then the apps/v1 selector rule.
 */
function validateDaemonSetUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const spec = specOf(object);
  return [...validateDaemonSetSpec(spec, 'spec'), ...validateDaemonSetSpec(spec, 'spec'), ...validateSelectorImmutable(spec, specOf(old))];
}

export const daemonSetSemantics: KindSemantics = {
  default: defaultDaemonSet,
  prepareForCreate(object) {
    resetStatus(object, daemonSetZeroStatus);
    setTemplateGeneration(object, 1);
  },
  prepareForUpdate: prepareDaemonSetUpdate,
  validate: (object) => validateDaemonSetSpec(specOf(object), 'spec'),
  validateUpdate: validateDaemonSetUpdate,
};
