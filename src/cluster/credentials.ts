/**
 * A cluster's credentials, from its secrets, parsed once per context (again only when a secret's
 * text changes): the static token table and the service account signing key, with the issuer and
 * API audiences service account tokens are made for.
 */
import { JWKS_PATH, importSigningKey, parseTokenFile, type SigningKey } from '../auth/authn/index.js';
import type { UserInfo } from '../auth/rbac/index.js';
import type { Env } from '../env.js';

export const defaultIssuer = 'https://kubernetes.default.svc.cluster.local';

export class ClusterCredentials {
  private tokens: { text: string; table: Map<string, UserInfo> } | undefined;
  private key: { text: string; key: SigningKey } | undefined;

  constructor(private readonly bindings: () => Env) {}

  /** The static token table (empty without STATIC_TOKENS). A malformed file is a startup error in kube; here every request fails closed. */
  staticTokens(): Map<string, UserInfo> {
    const text = this.bindings().STATIC_TOKENS ?? '';
    if (this.tokens?.text !== text) this.tokens = { text, table: parseTokenFile(text) };
    return this.tokens.table;
  }

  /** The signing key, or undefined when SERVICE_ACCOUNT_KEY is not set (no service account tokens then). */
  async signingKey(): Promise<SigningKey | undefined> {
    const text = this.bindings().SERVICE_ACCOUNT_KEY;
    if (!text) return undefined;
    if (this.key?.text !== text) this.key = { text, key: await importSigningKey(text) };
    return this.key.key;
  }

  /** The `iss` of the tokens this cluster issues. */
  get issuer(): string {
    return this.bindings().SERVICE_ACCOUNT_ISSUER || defaultIssuer;
  }

  /** The audiences the API accepts in service account tokens (kube's --api-audiences default: the issuer). */
  get apiAudiences(): string[] {
    return [this.issuer];
  }

  /** The jwks_uri /.well-known/openid-configuration advertises. */
  get jwksUri(): string {
    return this.bindings().SERVICE_ACCOUNT_JWKS_URI || `${this.issuer}${JWKS_PATH}`;
  }
}
