/**
 * JWT authenticators as kube v1.32's structured AuthenticationConfiguration defines them: the
 * configuration (types, loading, validation with kube's texts), and the authenticators that
 * verify tokens against each issuer's fetched, cached and rotated keys and map claims to users.
 */
export type { AuthenticationConfiguration, JwtAuthenticatorConfig } from './types.js';
export { JwtAuthenticators, untrustedIssuer } from './authenticator.js';
export { authenticationGroup, loadAuthenticationConfiguration } from './configuration.js';
export { validateAuthenticationConfiguration, validateJwtAuthenticator, type CompiledAuthenticator } from './validation.js';
export { userOfClaims } from './claims.js';
export { IssuerKeySet, refetchCooldownMillis, type IssuerFetch } from './key-set.js';
export { verifyIdToken, supportedSigningAlgorithms } from './verify.js';
