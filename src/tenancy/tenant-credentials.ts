/**
 * A tenant's credentials and how they are kept: a Secret `NAME-kubeconfig` in the default
 * plane's `tenancy-system` namespace (Cluster API's convention: the kubeconfig under key `value`),
 * owned by the ControlPlane, which also holds what the server checks: the admin token (user
 * `admin` in `system:masters` inside the tenant) and the tenant's service account signing key.
 * The issuer is the default plane's with `/clusters/NAME`, where the tenant's OIDC discovery is
 * served. Only a Secret owned by the current ControlPlane (same uid) counts.
 */
import type { CredentialTexts } from '../cluster/credentials.js';
import type { KubeObject } from '../apimachinery/object.js';
import { tenancyGroup, tenancyVersion } from './control-plane-type.js';
import { utf8Text } from '../apimachinery/utf8.js';

export const tenancyNamespace = 'tenancy-system';
export const credentialsSecretType = `${tenancyGroup}/kubeconfig`;
const keys = { kubeconfig: 'value', token: 'token', signingKey: 'service-account-key.pem' };

/** The made parts of a tenant's credentials. */
export interface TenantSecrets {
  token: string;
  signingKeyPem: string;
}

export function credentialsSecretName(tenant: string): string {
  return `${tenant}-kubeconfig`;
}

/** The issuer of a tenant's service account tokens, under the default plane's. */
export function tenantIssuer(homeIssuer: string, tenant: string): string {
  return `${homeIssuer.replace(/\/+$/, '')}/clusters/${tenant}`;
}

/** A fresh admin token (32 random bytes, base64url) and EC P-256 signing key (PKCS#8 PEM). */
export async function makeTenantSecrets(): Promise<TenantSecrets> {
  const token = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']) as CryptoKeyPair;
  const der = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey) as ArrayBuffer);
  const body = btoa(String.fromCharCode(...der)).replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n');
  return { token, signingKeyPem: `-----BEGIN PRIVATE KEY-----\n${body}-----END PRIVATE KEY-----\n` };
}

/** The admin kubeconfig of a tenant reached at `server`. */
export function kubeconfigText(tenant: string, server: string, token: string, insecure: boolean): string {
  return [
    'apiVersion: v1', 'kind: Config',
    'clusters:', `- name: ${tenant}`, '  cluster:', `    server: ${JSON.stringify(server)}`, ...(insecure ? ['    insecure-skip-tls-verify: true'] : []),
    'users:', `- name: ${tenant}-admin`, '  user:', `    token: ${token}`,
    'contexts:', `- name: ${tenant}`, '  context:', `    cluster: ${tenant}`, `    user: ${tenant}-admin`,
    `current-context: ${tenant}`, '',
  ].join('\n');
}

/** The Secret holding `secrets` and the kubeconfig, owned by `controlPlane`. */
export function credentialsSecret(controlPlane: KubeObject, secrets: TenantSecrets, kubeconfig: string): KubeObject {
  const tenant = controlPlane.metadata.name ?? '';
  return {
    apiVersion: 'v1', kind: 'Secret',
    metadata: {
      name: credentialsSecretName(tenant), namespace: tenancyNamespace,
      labels: { [`${tenancyGroup}/control-plane`]: tenant },
      ownerReferences: [{ apiVersion: `${tenancyGroup}/${tenancyVersion}`, kind: 'ControlPlane', name: tenant, uid: controlPlane.metadata.uid ?? '', controller: true, blockOwnerDeletion: true }],
    },
    type: credentialsSecretType,
    data: { [keys.kubeconfig]: base64(kubeconfig), [keys.token]: base64(secrets.token), [keys.signingKey]: base64(secrets.signingKeyPem) },
  };
}

/** The Secret with its kubeconfig replaced (the server moved). */
export function withKubeconfig(secret: KubeObject, kubeconfig: string): KubeObject {
  const data = (secret as { data?: Record<string, string> }).data ?? {};
  return { ...secret, data: { ...data, [keys.kubeconfig]: base64(kubeconfig) } } as KubeObject;
}

/** The secrets a Secret holds, if it is the credentials Secret of the ControlPlane with `uid`. */
export function secretsOf(secret: KubeObject | null, uid: string): (TenantSecrets & { kubeconfig: string }) | null {
  if (!secret || !secret.metadata.ownerReferences?.some((owner) => owner.uid === uid && owner.kind === 'ControlPlane')) return null;
  const data = (secret as { data?: Record<string, string> }).data ?? {};
  const [token, signingKeyPem, kubeconfig] = [keys.token, keys.signingKey, keys.kubeconfig].map((key) => unbase64(data[key]));
  return token && signingKeyPem ? { token, signingKeyPem, kubeconfig: kubeconfig ?? '' } : null;
}

/** What the server authenticates a tenant's requests with. */
export function credentialTexts(secrets: TenantSecrets | null, issuer: string): CredentialTexts {
  if (!secrets) return { serviceAccountIssuer: issuer };
  return { staticTokens: `${secrets.token},admin,admin,"system:masters"\n`, serviceAccountKey: secrets.signingKeyPem, serviceAccountIssuer: issuer };
}

function base64(text: string): string {
  return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

function unbase64(text: string | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    return utf8Text(Uint8Array.from(atob(text), (char) => char.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function base64Url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
