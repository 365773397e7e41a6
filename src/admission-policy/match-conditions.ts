/**
 * matchConditions of admission webhooks, evaluated as a policy's are (matchconditions.Matcher):
 * every condition true calls the webhook, any false skips it; errors go by the webhook's failure
 * policy. Compiled once per webhook configuration object.
 */
import { compilePolicy, type CompiledPolicy } from './compiled-policy.js';
import { admissionRequest } from './request.js';
import type { AdmissionAttributes } from './types.js';
import { matchConditions } from './validator.js';

const compiled = new WeakMap<object, CompiledPolicy>();

/** 'match', 'skip', or the aggregated error text of the conditions of `webhook`. */
export function webhookMatchConditions(webhook: Record<string, unknown>, attrs: AdmissionAttributes): 'match' | 'skip' | { error: string } {
  let policy = compiled.get(webhook);
  if (!policy) {
    policy = compilePolicy({ metadata: { name: webhook.name }, spec: { failurePolicy: webhook.failurePolicy ?? 'Fail', matchConditions: webhook.matchConditions ?? [], validations: [] } });
    compiled.set(webhook, policy);
  }
  return matchConditions(policy, { object: attrs.object, oldObject: attrs.oldObject, params: null, request: admissionRequest(attrs), namespaceObject: null });
}
