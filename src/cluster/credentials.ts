/**
 * A cluster's credentials, from its secrets, parsed once per context (again only when a secret's
 * text changes): the static token table and the service account signing key, with the issuer and
 * API audiences service account tokens are made for. The default control plane's come from the
 * Worker's secrets (server/); a tenant's from its ControlPlane's Secret in the default plane (src/tenancy/),
 * so each tenant has its own admin token, signing key and issuer.
 */
import { JWKS_PATH, importSigningKey, parseTokenFile, type SigningKey } from '../authn/index.js';
import type { UserInfo } from '../rbac/index.js';

export const defaultIssuer = 'https://kubernetes.default.svc.cluster.local';

/** The secret texts credentials are parsed from (the Worker's variables of the same names). */
export interface CredentialTexts {
  /** kube's static token file: `token,user,uid,"group1,group2"` per line. */
  staticTokens?: string;
  /** The service account signing key: a PKCS#8 PEM or a private JWK. */
  serviceAccountKey?: string;
  serviceAccountIssuer?: string;
  serviceAccountJwksUri?: string;
}

export class ClusterCredentials {
  private tokens: { text: string; table: Map<string, UserInfo> } | undefined;
  private key: { text: string; key: SigningKey } | undefined;

  constructor(private readonly texts: () => CredentialTexts) {}

  /** The static token table (empty without STATIC_TOKENS). A malformed file is a startup error in kube; here every request fails closed. */
  staticTokens(): Map<string, UserInfo> {
    const text = this.texts().staticTokens ?? '';
    if (this.tokens?.text !== text) this.tokens = { text, table: parseTokenFile(text) };
    return this.tokens.table;
  }

  /** The signing key, or undefined when SERVICE_ACCOUNT_KEY is not set (no service account tokens then). */
  async signingKey(): Promise<SigningKey | undefined> {
    const text = this.texts().serviceAccountKey;
    if (!text) return undefined;
    if (this.key?.text !== text) this.key = { text, key: await importSigningKey(text) };
    return this.key.key;
  }

  /** The `iss` of the tokens this cluster issues. */
  get issuer(): string {
    return this.texts().serviceAccountIssuer || defaultIssuer;
  }

  /** The audiences the API accepts in service account tokens (kube's --api-audiences default: the issuer). */
  get apiAudiences(): string[] {
    return [this.issuer];
  }

  /** The jwks_uri /.well-known/openid-configuration advertises. */
  get jwksUri(): string {
    return this.texts().serviceAccountJwksUri || `${this.issuer}${JWKS_PATH}`;
  }
}
