/**
 * admissionregistration.k8s.io printers of kube's pkg/printers/internalversion/printers.go:
 * printMutatingWebhook, printValidatingWebhook, printValidatingAdmissionPolicy and
 * printValidatingAdmissionPolicyBinding.
 */
import { ageColumn, nameColumn, type Printer } from '../table-printer.js';
import { column, listAt, objectAt, stringAt, valueAt } from './fields.js';
import { ageOf, nameOf } from './format.js';

/** kube's printMutatingWebhook and printValidatingWebhook: the number of webhooks. */
export const webhookConfigurationPrinter: Printer = {
  columns: [nameColumn, column('Webhooks', 'Webhooks indicates the number of webhooks registered in this configuration', 'integer'), ageColumn],
  cells: (configuration, now) => [nameOf(configuration), listAt(configuration, 'webhooks').length, ageOf(configuration, now)],
};

/** printValidatingAdmissionPolicy: the number of validations and `<apiVersion>/<kind>` of paramKind. */
export const validatingAdmissionPolicyPrinter: Printer = {
  columns: [
    nameColumn,
    column('Validations', 'Validations indicates the number of validation rules defined in this configuration', 'integer'),
    column('ParamKind', 'ParamKind specifies the kind of resources used to parameterize this policy'),
    ageColumn,
  ],
  cells: (policy, now) => {
    const paramKind = valueAt(policy, 'spec', 'paramKind');
    const paramKindCell = paramKind === undefined || paramKind === null
      ? '<unset>' : `${stringAt(paramKind, 'apiVersion')}/${stringAt(paramKind, 'kind')}`;
    return [nameOf(policy), listAt(policy, 'spec', 'validations').length, paramKindCell, ageOf(policy, now)];
  },
};

/** gogo's generated String() of a metav1.LabelSelector, which kube prints for a paramRef selector. */
export function goProtoLabelSelectorString(selector: unknown): string {
  const labels = objectAt(selector, 'matchLabels');
  const labelText = Object.keys(labels).sort().map((key) => `${key}: ${String(labels[key])},`).join('');
  const requirements = listAt(selector, 'matchExpressions').map((requirement) => {
    const values = listAt(requirement, 'values').map(String).join(' ');
    return `LabelSelectorRequirement{Key:${stringAt(requirement, 'key')},Operator:${stringAt(requirement, 'operator')},Values:[${values}],},`;
  }).join('');
  return `&LabelSelector{MatchLabels:map[string]string{${labelText}},MatchExpressions:[]LabelSelectorRequirement{${requirements}},}`;
}

/** The ParamRef cell: `namespace/name`, `*\/name` without a namespace, the selector, or `<unset>`. */
function paramRefCell(paramRef: unknown): string {
  if (paramRef === undefined || paramRef === null) return '<unset>';
  const name = stringAt(paramRef, 'name');
  const namespace = stringAt(paramRef, 'namespace');
  if (name !== '') return namespace !== '' ? `${namespace}/${name}` : `*/${name}`;
  const selector = valueAt(paramRef, 'selector');
  return selector === undefined || selector === null ? '<unset>' : goProtoLabelSelectorString(selector);
}

/** printValidatingAdmissionPolicyBinding: the bound policy and the param reference. */
export const validatingAdmissionPolicyBindingPrinter: Printer = {
  columns: [
    nameColumn,
    column('PolicyName', 'PolicyName indicates the policy definition which the policy binding binded to'),
    column('ParamRef', 'ParamRef indicates the param resource which sets the configration param'),
    ageColumn,
  ],
  cells: (binding, now) => [nameOf(binding), stringAt(binding, 'spec', 'policyName'), paramRefCell(valueAt(binding, 'spec', 'paramRef')), ageOf(binding, now)],
};
