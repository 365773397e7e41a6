/**
 * apps/v1 StatefulSet: SetDefaults_StatefulSet (pkg/apis/apps/v1/defaults.go, StatefulSetAutoDeletePVC
 * on by default), ValidateStatefulSetSpec / ValidateStatefulSetUpdate
 * (pkg/apis/apps/validation/validation.go) and pkg/registry/apps/statefulset/strategy.go, v1.32.
 */
import { fieldError, GoLiteral, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { validateNonNegativeField } from '../../apimachinery/validation/generic.js';
import { orderedMeta, type KubeObject } from '../../apimachinery/object.js';
import { semanticEqual } from '../json-equality.js';
import { asNumber, asRecord, asRecords, asText, ensureRecord, orderKeys, setDefault, type JsonRecord } from '../json-values.js';
import type { KindSemantics } from '../types.js';
import { validateAlwaysRestart, validateRequiredSelector, validateTemplateSelection } from './apps-validation.js';
import { goIntOrString, goLabelSelector, goPointerText } from '../shared/go-literals.js';
import { intOrPercentValue, isNotMoreThan100Percent, validatePositiveIntOrPercent } from './int-or-percent.js';
import { labelSelectorConvertible } from '../shared/label-selector.js';
import { defaultPodTemplate, validateTemplateMetadata } from './pod-template.js';
import { keepStatus, resetStatus, specForWrite, specOf } from '../shared/strategy.js';

const specOrder = [
  'replicas', 'selector', 'template', 'volumeClaimTemplates', 'serviceName', 'podManagementPolicy', 'updateStrategy',
  'revisionHistoryLimit', 'minReadySeconds', 'persistentVolumeClaimRetentionPolicy', 'ordinals',
];

/** SetDefaults_StatefulSet plus the template's pod defaults. */
export function defaultStatefulSet(object: KubeObject): void {
  const spec = specForWrite(object);
  if (!spec.podManagementPolicy) spec.podManagementPolicy = 'OrderedReady';
  const updateStrategy = ensureRecord(spec, 'updateStrategy');
  if (!updateStrategy.type) {
    updateStrategy.type = 'RollingUpdate';
    ensureRecord(updateStrategy, 'rollingUpdate');
  }
  // Quirk: a partition is only defaulted when rollingUpdate exists; kube does not create it for
  // an explicit RollingUpdate type.
  const rollingUpdate = asRecord(updateStrategy.rollingUpdate);
  if (updateStrategy.type === 'RollingUpdate' && rollingUpdate) {
    setDefault(rollingUpdate, 'partition', 0);
    orderKeys(rollingUpdate, ['partition', 'maxUnavailable']);
  }
  orderKeys(updateStrategy, ['type', 'rollingUpdate']);
  const retention = ensureRecord(spec, 'persistentVolumeClaimRetentionPolicy');
  if (!retention.whenDeleted) retention.whenDeleted = 'Retain';
  if (!retention.whenScaled) retention.whenScaled = 'Retain';
  orderKeys(retention, ['whenDeleted', 'whenScaled']);
  setDefault(spec, 'replicas', 1);
  setDefault(spec, 'revisionHistoryLimit', 10);
  defaultPodTemplate(spec);
  asRecords(spec.volumeClaimTemplates).forEach(defaultClaimTemplate);
  orderKeys(spec, specOrder);
}

/**
 * SetObjectDefaults_StatefulSet on each volumeClaimTemplates entry (a whole PersistentVolumeClaim):
 * embedded metadata with `creationTimestamp: null`, SetDefaults_PersistentVolumeClaimSpec's
 * volumeMode Filesystem and SetDefaults_PersistentVolumeClaim's status phase Pending.
 */
function defaultClaimTemplate(claim: JsonRecord): void {
  const metadata = ensureRecord(claim, 'metadata');
  if (metadata.creationTimestamp === undefined) claim.metadata = orderedMeta({ ...metadata, creationTimestamp: null });
  setDefault(ensureRecord(claim, 'spec'), 'volumeMode', 'Filesystem');
  const status = ensureRecord(claim, 'status');
  if (!status.phase) status.phase = 'Pending';
  orderKeys(claim, ['kind', 'apiVersion', 'metadata', 'spec', 'status']);
}

/** ValidateStatefulSetSpec, in kube's order. */
export function validateStatefulSetSpec(spec: JsonRecord, path: string): FieldError[] {
  const errors = [
    ...validatePodManagementPolicy(asText(spec.podManagementPolicy), `${path}.podManagementPolicy`),
    ...validateUpdateStrategy(asRecord(spec.updateStrategy) ?? {}, `${path}.updateStrategy`),
    ...validateRetentionPolicy(asRecord(spec.persistentVolumeClaimRetentionPolicy), `${path}.persistentVolumeClaimRetentionPolicy`),
    ...validateNonNegativeField(asNumber(spec.replicas) ?? 0, `${path}.replicas`),
    ...validateNonNegativeField(asNumber(spec.minReadySeconds) ?? 0, `${path}.minReadySeconds`),
  ];
  const ordinals = asRecord(spec.ordinals);
  // Quirk: kube builds this path with Child("ordinals.start").
  if (ordinals) errors.push(...validateNonNegativeField(asNumber(ordinals.start) ?? 0, `${path}.ordinals.start`));
  errors.push(...validateRequiredSelector(spec.selector, `${path}.selector`, 'empty selector is invalid for statefulset'));
  if (!labelSelectorConvertible(spec.selector)) errors.push(fieldError.invalid(`${path}.selector`, goLabelSelector(spec.selector)));
  else {
    // ValidatePodTemplateSpecForStatefulSet: kube validates only the template's metadata, not its pod spec.
    errors.push(...validateTemplateSelection(spec.template, spec.selector, `${path}.template`));
    errors.push(...validateTemplateMetadata(spec.template, `${path}.template`));
  }
  errors.push(...validateAlwaysRestart(spec.template, `${path}.template`, 'StatefulSet'));
  return errors;
}

function validatePodManagementPolicy(policy: string, path: string): FieldError[] {
  if (policy === '') return [fieldError.required(path)];
  if (policy === 'OrderedReady' || policy === 'Parallel') return [];
  return [fieldError.invalid(path, policy, "must be 'OrderedReady' or 'Parallel'")];
}

function validateUpdateStrategy(strategy: JsonRecord, path: string): FieldError[] {
  const rollingUpdate = asRecord(strategy.rollingUpdate);
  switch (asText(strategy.type)) {
    case '':
      return [fieldError.required(path)];
    case 'OnDelete':
      if (!rollingUpdate) return [];
      return [fieldError.invalid(`${path}.rollingUpdate`, goRollingUpdate(rollingUpdate), "only allowed for updateStrategy 'RollingUpdate'")];
    case 'RollingUpdate':
      return rollingUpdate ? validateRollingUpdate(rollingUpdate, `${path}.rollingUpdate`) : [];
    default: {
      const literal = `apps.StatefulSetUpdateStrategy{Type:${goQuote(asText(strategy.type))}, RollingUpdate:${goPointerText(rollingUpdate, 'apps.RollingUpdateStatefulSetStrategy')}}`;
      return [fieldError.invalid(path, new GoLiteral(literal), "must be 'RollingUpdate' or 'OnDelete'")];
    }
  }
}

/** `%#v` of the internal apps.RollingUpdateStatefulSetStrategy (partition is a plain int32 there). */
function goRollingUpdate(rollingUpdate: JsonRecord): GoLiteral {
  const maxUnavailable = goPointerText(rollingUpdate.maxUnavailable, 'intstr.IntOrString');
  return new GoLiteral(`apps.RollingUpdateStatefulSetStrategy{Partition:${asNumber(rollingUpdate.partition) ?? 0}, MaxUnavailable:${maxUnavailable}}`);
}

/** validateRollingUpdateStatefulSet: partition >= 0; maxUnavailable a count or percent, not 0, at most 100%. */
function validateRollingUpdate(rollingUpdate: JsonRecord, path: string): FieldError[] {
  const errors = validateNonNegativeField(asNumber(rollingUpdate.partition) ?? 0, `${path}.partition`);
  const { maxUnavailable } = rollingUpdate;
  if (maxUnavailable === undefined || maxUnavailable === null) return errors;
  errors.push(...validatePositiveIntOrPercent(maxUnavailable, `${path}.maxUnavailable`));
  if (intOrPercentValue(maxUnavailable) === 0) errors.push(fieldError.invalid(`${path}.maxUnavailable`, goIntOrString(maxUnavailable), 'cannot be 0'));
  errors.push(...isNotMoreThan100Percent(maxUnavailable, `${path}.maxUnavailable`));
  return errors;
}

function validateRetentionPolicy(policy: JsonRecord | undefined, path: string): FieldError[] {
  if (!policy) return [];
  return ['whenDeleted', 'whenScaled'].flatMap((key) => {
    const value = asText(policy[key]);
    return value === 'Retain' || value === 'Delete' ? [] : [fieldError.notSupported(`${path}.${key}`, value, ['Retain', 'Delete'])];
  });
}

const forbiddenUpdateMessage =
  "updates to statefulset spec for fields other than 'replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy' and 'minReadySeconds' are forbidden";

/** Spec fields an update may change; any other difference is Forbidden. */
const updatableFields = ['replicas', 'ordinals', 'template', 'updateStrategy', 'persistentVolumeClaimRetentionPolicy', 'minReadySeconds'];

/** ValidateStatefulSetUpdate: the new spec is valid and only the updatable fields changed. */
export function validateStatefulSetUpdate(object: KubeObject, old: KubeObject): FieldError[] {
  const spec = specOf(object);
  const errors = validateStatefulSetSpec(spec, 'spec');
  const withoutUpdatable = (value: JsonRecord) => Object.fromEntries(Object.entries(value).filter(([key]) => !updatableFields.includes(key)));
  if (!semanticEqual(withoutUpdatable(spec), withoutUpdatable(specOf(old)))) {
    errors.push(fieldError.forbidden('spec', forbiddenUpdateMessage));
  }
  return errors;
}

export const statefulSetSemantics: KindSemantics = {
  default: defaultStatefulSet,
  // StatefulSetStatus.replicas and availableReplicas have no omitempty.
  prepareForCreate: (object) => resetStatus(object, { replicas: 0, availableReplicas: 0 }),
  prepareForUpdate: keepStatus,
  validate: (object) => validateStatefulSetSpec(specOf(object), 'spec'),
  validateUpdate: validateStatefulSetUpdate,
};
