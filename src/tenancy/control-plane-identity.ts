/**
 * What a ControlPlane says about its tenant's identity and audit trail: `spec.authentication`
 * (the `jwt` list of an AuthenticationConfiguration: the issuers the tenant trusts) and
 * `spec.audit` (an audit.k8s.io/v1 Policy and a webhook the tenant's events go to). Both are
 * validated on create and update as kube validates its files, with paths under `spec.`; the
 * tenant's requests use them from the next directory lookup on (at most a second later).
 */
import { fieldError, type FieldError } from '../apimachinery/field-errors.js';
import type { CredentialTexts } from '../cluster/credentials.js';
import { isJsonObject, type KubeObject } from '../apimachinery/object.js';
import { validateAuthenticationConfiguration, authenticationGroup } from '../auth/jwt/index.js';
import { validateAuditConfiguration, type TenantAuditConfiguration } from '../audit/index.js';

const preserved = (description: string) => ({ type: 'object', description, 'x-kubernetes-preserve-unknown-fields': true });

/** The schema of spec.authentication and spec.audit. */
export const tenantIdentityProperties = {
  authentication: preserved('JWT authenticators the tenant trusts, as the jwt list of kube\'s AuthenticationConfiguration (apiserver.config.k8s.io/v1beta1): issuer (url, discoveryURL, audiences, audienceMatchPolicy, certificateAuthority), claimValidationRules, claimMappings, userValidationRules.'),
  audit: preserved('The tenant\'s audit trail: policy (an audit.k8s.io/v1 Policy: rules, omitStages, omitManagedFields) and webhook (url: events are POSTed there as an audit.k8s.io/v1 EventList, batched).'),
};

/** Field errors of a ControlPlane's spec.authentication and spec.audit, as kube validates its files. */
export function identityErrors(object: KubeObject, issuer: string | undefined): FieldError[] {
  const spec = isJsonObject(object.spec) ? object.spec : {};
  const errors: FieldError[] = [];
  if (spec.authentication !== undefined) {
    if (!isJsonObject(spec.authentication)) errors.push(fieldError.invalid('spec.authentication', spec.authentication, 'must be an object'));
    else {
      const result = validateAuthenticationConfiguration(spec.authentication as never, issuer ? [issuer] : []);
      errors.push(...result.errors.map((error) => ({ ...error, field: `spec.authentication.${error.field}` })));
    }
  }
  if (spec.audit !== undefined) errors.push(...validateAuditConfiguration(spec.audit, 'spec.audit'));
  return errors;
}

/** The AuthenticationConfiguration text a tenant's credentials carry (undefined: none). */
export function tenantAuthenticationText(controlPlane: KubeObject): string | undefined {
  const spec = isJsonObject(controlPlane.spec) ? controlPlane.spec : {};
  if (!isJsonObject(spec.authentication)) return undefined;
  return JSON.stringify({ apiVersion: `${authenticationGroup}/v1beta1`, kind: 'AuthenticationConfiguration', ...spec.authentication });
}

/** What the tenant's requests are authenticated and audited with, from its ControlPlane's spec. */
export function tenantIdentityTexts(controlPlane: KubeObject): Pick<CredentialTexts, 'authenticationConfiguration' | 'audit'> {
  const spec = isJsonObject(controlPlane.spec) ? controlPlane.spec : {};
  const authenticationConfiguration = tenantAuthenticationText(controlPlane);
  const audit = isJsonObject(spec.audit) ? spec.audit as TenantAuditConfiguration : undefined;
  return {
    ...(authenticationConfiguration ? { authenticationConfiguration } : {}),
    ...(audit?.policy ? { audit: { policy: JSON.stringify({ apiVersion: 'audit.k8s.io/v1', kind: 'Policy', ...audit.policy }), ...(audit.webhook?.url ? { webhookUrl: audit.webhook.url } : {}) } } : {}),
  };
}
