// `npm start`'s JWT authenticators and audit, from files as kube-apiserver takes them:
//   AUTHENTICATION_CONFIG_FILE=auth.yaml   an AuthenticationConfiguration (--authentication-config); the
//                                          certificateAuthority of each issuer is trusted by the Worker's fetch
//   AUDIT_POLICY_FILE=policy.yaml          an audit.k8s.io/v1 Policy (--audit-policy-file)
//   AUDIT_LOG_PATH=audit.log               events as JSON lines appended there (--audit-log-path; default
//                                          .wrangler/audit.log when a policy is given)
//   AUDIT_WEBHOOK_URL=https://...          events POSTed there in batches (EventList)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';
import { projectRoot } from './server.mjs';

/** The bindings and server options those variables give. */
export function identityOptions(env) {
  const bindings = {};
  const options = {};
  if (env.AUTHENTICATION_CONFIG_FILE) {
    const text = readFileSync(env.AUTHENTICATION_CONFIG_FILE, 'utf8');
    bindings.AUTHENTICATION_CONFIG = text;
    options.trustedCertificates = certificateAuthorities(text);
  }
  if (env.AUDIT_POLICY_FILE) {
    bindings.AUDIT_POLICY = readFileSync(env.AUDIT_POLICY_FILE, 'utf8');
    bindings.AUDIT_LOG = 'true';
    options.auditLogPath = path.resolve(env.AUDIT_LOG_PATH ?? path.join(projectRoot, '.wrangler', 'audit.log'));
  }
  if (env.AUDIT_WEBHOOK_URL) bindings.AUDIT_WEBHOOK_URL = env.AUDIT_WEBHOOK_URL;
  return { bindings, options };
}

/** The PEM CA bundles of an AuthenticationConfiguration's issuers. */
export function certificateAuthorities(text) {
  const document = load(text);
  return (document?.jwt ?? []).map((authenticator) => authenticator?.issuer?.certificateAuthority).filter(Boolean);
}
