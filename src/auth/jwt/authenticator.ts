/**
 * The JWT authenticators of one AuthenticationConfiguration (kube's union of oidc.New
 * authenticators): a token goes to the authenticator whose issuer URL equals its unverified `iss`
 * (none: not a token for them); that one verifies it and maps its claims to a user. A failure is
 * logged with kube's text and the request gets 401 without detail.
 */
import { decodeBase64UrlText } from '../../authn/base64url.js';
import type { UserInfo } from '../../rbac/index.js';
import { userOfClaims } from './claims.js';
import { IssuerKeySet, type IssuerFetch } from './key-set.js';
import type { CompiledAuthenticator } from './validation.js';
import { verifyIdToken } from './verify.js';

export class JwtAuthenticators {
  private readonly keySets: IssuerKeySet[];

  constructor(private readonly authenticators: CompiledAuthenticator[], fetcher: IssuerFetch) {
    this.keySets = authenticators.map(({ config }) => new IssuerKeySet(config.issuer.url, config.issuer.discoveryURL, fetcher));
  }

  get size(): number {
    return this.authenticators.length;
  }

  /** The user of `token`; null when no authenticator takes it or it fails (the failure is logged). */
  async authenticate(token: string, now: Date): Promise<UserInfo | null> {
    const issuer = untrustedIssuer(token);
    if (issuer === undefined) return null;
    const index = this.authenticators.findIndex(({ config }) => config.issuer.url === issuer);
    if (index < 0) return null;
    const authenticator = this.authenticators[index]!;
    try {
      const claims = await verifyIdToken(token, authenticator.config.issuer.url, authenticator.config.issuer.audiences, this.keySets[index]!, now);
      return userOfClaims(authenticator, claims);
    } catch (error) {
      console.warn(`jwt authenticator for issuer "${issuer}": ${(error as Error).message}`);
      return null;
    }
  }
}

/** oidc.go's untrustedIssuer: the `iss` of a compact JWT's payload, not verified; undefined when it is none. */
export function untrustedIssuer(token: string): string | undefined {
  if (token.trimStart().startsWith('{')) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const text = decodeBase64UrlText(parts[1]!);
  if (text === null) return undefined;
  try {
    const payload: unknown = JSON.parse(text);
    const iss = (payload as { iss?: unknown })?.iss;
    if (typeof iss !== 'string') return undefined;
    return iss === 'accounts.google.com' ? 'https://accounts.google.com' : iss;
  } catch {
    return undefined;
  }
}
