/**
 * A cluster's audit configuration: the policy and where events go. The default plane's comes
 * from the Worker's variables (AUDIT_POLICY: the policy file's YAML or JSON, as
 * --audit-policy-file; AUDIT_LOG: `true` writes each event as a JSON line to the Worker's log,
 * as --audit-log-path with format json; AUDIT_WEBHOOK_URL: events POSTed there in batches, as
 * --audit-webhook-config-file); a tenant's from its ControlPlane's `spec.audit` (`policy`, and
 * `webhook.url`). A policy that does not load audits nothing (logged once per text).
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import { isJsonObject } from '../apimachinery/json-value.js';
import { parseYaml } from '../apimachinery/yaml.js';
import { validatePolicy } from './policy.js';
import type { Policy } from './types.js';

export interface AuditConfiguration {
  policy: Policy;
  log: boolean;
  webhookUrl?: string;
}

/** spec.audit of a ControlPlane. */
export interface TenantAuditConfiguration {
  policy?: Policy;
  webhook?: { url?: string };
}

const policyVersions = ['audit.k8s.io/v1'];

/** Reads a policy file's text; throws an Error saying what is wrong. */
export function parsePolicy(text: string): Policy {
  const document = parseYaml(text);
  if (!isJsonObject(document)) throw new Error('audit policy: not an object');
  if (document.kind !== 'Policy' || !policyVersions.includes(document.apiVersion as string)) {
    throw new Error(`audit policy: no kind "${String(document.kind)}" is registered for version "${String(document.apiVersion)}"`);
  }
  const errors = validatePolicy(document as Policy);
  if (errors.length) throw new Error(`audit policy: ${errors.map((error) => `${error.field}: ${error.detail ?? error.type}`).join(', ')}`);
  return document as Policy;
}

/** Field errors of a ControlPlane's spec.audit (under `path`). */
export function validateAuditConfiguration(audit: unknown, path: string): FieldError[] {
  if (!isJsonObject(audit)) return [fieldError.invalid(path, audit, 'must be an object')];
  const errors: FieldError[] = [];
  if (audit.policy !== undefined) {
    if (!isJsonObject(audit.policy)) errors.push(fieldError.invalid(`${path}.policy`, audit.policy, 'must be an object'));
    else errors.push(...validatePolicy(audit.policy as Policy, `${path}.policy`));
  }
  if (audit.webhook !== undefined) {
    const url = isJsonObject(audit.webhook) ? audit.webhook.url : undefined;
    if (typeof url !== 'string' || !url) errors.push(fieldError.required(`${path}.webhook.url`));
    else if (!/^https:\/\//i.test(url) || !URL.canParse(url)) errors.push(fieldError.invalid(`${path}.webhook.url`, url, 'must be an https URL'));
  }
  return errors;
}
