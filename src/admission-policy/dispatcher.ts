/**
 * admitWithPolicies (validating/dispatcher.go Dispatch): for every policy that has bindings and
 * whose matchConstraints match, each matching binding's params are collected and the policy
 * evaluated once per param; failed validations (and evaluation errors under failurePolicy Fail)
 * go through the binding's validationActions: Deny denies (the first denial decides the Status),
 * Warn adds `Validation failed for ValidatingAdmissionPolicy '<p>' with binding '<b>': <msg>`,
 * Audit records the `validation.policy.admission.k8s.io/validation_failure` annotation (the first
 * one only: audit annotations cannot be overwritten). Audit annotation values are published as
 * `<policy>/<key>` (distinct values of several bindings joined by `, `), evaluation errors of
 * them deny regardless of the actions. Configuration errors follow the failure policy.
 */
import { isJsonObject } from '../apimachinery/json-value.js';
import type { CompiledPolicy } from './compiled-policy.js';
import { deniedStatus, reasonCode } from './denial.js';
import { goJson } from './go-text.js';
import { matchResourcesMatch } from './matching.js';
import { collectParams } from './params.js';
import { admissionRequest, namespaceObject } from './request.js';
import type { AdmissionAttributes, ParamSource, PolicyDecision, PolicyOutcome } from './types.js';
import { validatePolicy, type ValidateResult } from './validator.js';

const validationFailureKey = 'validation.policy.admission.k8s.io/validation_failure';
const maxAuditAnnotationValueLength = 10 * 1024;

interface Denial {
  policy: string;
  /** Undefined for a policy configuration error. */
  binding?: string;
  message: string;
  reason: string;
}

interface Binding {
  name: string;
  spec: Record<string, unknown>;
  actions: string[];
}

function bindingOf(object: object): Binding {
  const root = object as Record<string, unknown>;
  const metadata = isJsonObject(root.metadata) ? root.metadata : {};
  const spec = isJsonObject(root.spec) ? root.spec : {};
  const actions = Array.isArray(spec.validationActions) ? spec.validationActions.map(String) : [];
  return { name: String(metadata.name ?? ''), spec, actions };
}

class Dispatch {
  readonly denials: Denial[] = [];
  readonly outcome: PolicyOutcome = { warnings: [], auditAnnotations: {}, decisions: [] };

  constructor(readonly attrs: AdmissionAttributes) {}

  /** addConfigError. */
  configError(policy: CompiledPolicy, binding: Binding | undefined, error: string): void {
    if (policy.failurePolicy === 'Ignore') return;
    const message = policy.failurePolicy === 'Fail'
      ? `failed to configure ${binding ? 'binding' : 'policy'}: ${error}`
      : `unrecognized failure policy: '${policy.failurePolicy}'`;
    this.denials.push({ policy: policy.name, ...(binding ? { binding: binding.name } : {}), message, reason: '' });
  }

  private record(action: PolicyDecision['action'], policy: CompiledPolicy, binding: Binding, message: string, reason: string): void {
    const effective = reason || 'Invalid';
    this.outcome.decisions.push({ action, message, reason: effective, code: reasonCode(effective), policy: policy.name, binding: binding.name });
  }

  /** Applies one evaluation's decisions and collects its audit annotation values. */
  apply(policy: CompiledPolicy, binding: Binding, result: ValidateResult, collected: Map<string, string[]>): void {
    result.decisions.forEach((decision, index) => {
      if (decision.action !== 'Deny') return;
      const reason = decision.reason ?? '';
      for (const action of binding.actions) {
        if (action === 'Deny') this.denials.push({ policy: policy.name, binding: binding.name, message: decision.message, reason });
        else if (action === 'Warn') this.outcome.warnings.push(`Validation failed for ValidatingAdmissionPolicy '${policy.name}' with binding '${binding.name}': ${decision.message}`);
        else if (action === 'Audit') this.auditFailure(binding, index, decision.message);
        else continue;
        this.record(action as PolicyDecision['action'], policy, binding, decision.message, reason);
      }
    });
    for (const annotation of result.auditAnnotations) {
      if (annotation.action === 'Publish') {
        const values = collected.get(annotation.key) ?? [];
        const value = annotation.value!.slice(0, maxAuditAnnotationValueLength);
        if (!values.includes(value)) collected.set(annotation.key, [...values, value]);
      } else if (annotation.action === 'Error') {
        this.denials.push({ policy: policy.name, binding: binding.name, message: annotation.error!, reason: '' });
      }
    }
  }

  /** publishValidationFailureAnnotation; an existing annotation is kept (AddAnnotation refuses overwrites). */
  private auditFailure(binding: Binding, expressionIndex: number, message: string): void {
    if (validationFailureKey in this.outcome.auditAnnotations) return;
    const value = [{ message, policy: String(binding.spec.policyName ?? ''), binding: binding.name, expressionIndex, validationActions: binding.actions }];
    this.outcome.auditAnnotations[validationFailureKey] = goJson(value);
  }

  /** The result: the first denial decides the Status. */
  finish(): PolicyOutcome {
    const first = this.denials[0];
    if (!first) return this.outcome;
    const message = first.binding !== undefined
      ? `ValidatingAdmissionPolicy '${first.policy}' with binding '${first.binding}' denied request: ${first.message}`
      : `ValidatingAdmissionPolicy '${first.policy}' denied request: ${first.message}`;
    return { ...this.outcome, denied: deniedStatus(this.attrs, message, first.reason) };
  }
}

/** Evaluates every policy with its bindings against one admission request. */
export async function admitWithPolicies(policies: CompiledPolicy[], bindings: object[], attrs: AdmissionAttributes, params: ParamSource): Promise<PolicyOutcome> {
  const dispatch = new Dispatch(attrs);
  const allBindings = bindings.map(bindingOf);
  const request = admissionRequest(attrs);
  const namespace = namespaceObject(attrs);
  for (const policy of policies) {
    const policyBindings = allBindings.filter((binding) => binding.spec.policyName === policy.name);
    if (policyBindings.length === 0 || !policy.matchConstraints || !matchResourcesMatch(policy.matchConstraints, attrs, false)) continue;
    const collected = new Map<string, string[]>();
    for (const binding of policyBindings) {
      const matchResources = binding.spec.matchResources;
      if (isJsonObject(matchResources) && !matchResourcesMatch(matchResources, attrs, true)) continue;
      const collectedParams = await collectParams(policy, binding.spec, attrs, params);
      if ('error' in collectedParams) {
        dispatch.configError(policy, collectedParams.of === 'binding' ? binding : undefined, collectedParams.error);
        if (collectedParams.of === 'policy') break;
        continue;
      }
      for (const param of collectedParams.params) {
        const inputs = { object: attrs.object, oldObject: attrs.oldObject, params: param, request, namespaceObject: namespace };
        dispatch.apply(policy, binding, validatePolicy(policy, inputs), collected);
      }
    }
    for (const [key, values] of collected) dispatch.outcome.auditAnnotations[`${policy.name}/${key}`] = values.join(', ');
  }
  return dispatch.finish();
}
