/**
 * Audit as kube defines it (audit.k8s.io/v1): the policy (validation, evaluation), the events of
 * each request's stages (RequestAudit), and the log and batching webhook backends, per cluster.
 */
export type { AuditEvent, Level, Policy, PolicyRule, Stage } from './types.js';
export { evaluatePolicy, validatePolicy, type AuditAttributes } from './policy.js';
export { parsePolicy, validateAuditConfiguration, type AuditConfiguration, type TenantAuditConfiguration } from './configuration.js';
export { RequestAudit, auditIdOf } from './request-audit.js';
export { AuditSink, auditSinkOf } from './sink.js';
export { WebhookBackend, webhookLimits, type Background } from './backends.js';
