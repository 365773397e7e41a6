/**
 * admissionregistration.k8s.io/v1 defaulting of ValidatingAdmissionPolicy and its binding, as
 * pkg/apis/admissionregistration/v1/defaults.go (kube v1.32): SetDefaults_ValidatingAdmissionPolicySpec,
 * SetDefaults_MatchResources, SetDefaults_ParamRef and SetDefaults_Rule of every named rule.
 */
import type { KubeObject } from '../../apimachinery/object.js';
import { asRecord, asRecords, setDefault, type JsonRecord } from '../json-values.js';

/** SetDefaults_MatchResources: matchPolicy Equivalent, empty (match-all) selectors, rule scope "*". */
function defaultMatchResources(match: JsonRecord | undefined): void {
  if (!match) return;
  setDefault(match, 'matchPolicy', 'Equivalent');
  setDefault(match, 'namespaceSelector', {});
  setDefault(match, 'objectSelector', {});
  for (const key of ['resourceRules', 'excludeResourceRules']) {
    for (const rule of asRecords(match[key])) setDefault(rule, 'scope', '*');
  }
}

/** SetDefaults_ValidatingAdmissionPolicySpec (failurePolicy Fail) and its matchConstraints. */
export function defaultValidatingAdmissionPolicy(object: KubeObject): void {
  const spec = asRecord(object.spec);
  if (!spec) return;
  setDefault(spec, 'failurePolicy', 'Fail');
  defaultMatchResources(asRecord(spec.matchConstraints));
}

/** The binding's matchResources, and SetDefaults_ParamRef: parameterNotFoundAction Deny. */
export function defaultValidatingAdmissionPolicyBinding(object: KubeObject): void {
  const spec = asRecord(object.spec);
  if (!spec) return;
  defaultMatchResources(asRecord(spec.matchResources));
  const paramRef = asRecord(spec.paramRef);
  if (paramRef) setDefault(paramRef, 'parameterNotFoundAction', 'Deny');
}
