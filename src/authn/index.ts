/**
 * kube-apiserver authentication primitives: static token file, service account signing
 * keys, compact JWS, bound service account tokens and issuer discovery documents.
 * Pure or Web Crypto-only; no storage or network I/O.
 */
export { ALL_AUTHENTICATED_GROUP, ANONYMOUS_USER, withAuthenticatedGroup } from './authenticated-group.js';
export { authenticateStaticToken, parseTokenFile } from './token-file.js';
export { importSigningKey, keyIdOf, type SigningAlgorithm, type SigningKey } from './keys.js';
export { MAX_TOKEN_LENGTH, decodeJwtUnverified, hasValidSignature, signJwt, verifyJwt, type DecodedJwt } from './jwt.js';
export { TIME_CLAIM_LEEWAY_SECONDS, timeClaimsError, type TimeClaimsError } from './time-claims.js';
export {
  CREDENTIAL_ID_KEY,
  NODE_NAME_KEY,
  NODE_UID_KEY,
  POD_NAME_KEY,
  POD_UID_KEY,
  serviceAccountClaims,
  serviceAccountUserInfo,
  serviceAccountUsername,
  type BoundObject,
  type ObjectRef,
  type ServiceAccountClaimsInput,
  type ServiceAccountInfo,
} from './service-account-tokens.js';
export {
  validateServiceAccountClaims,
  type ServiceAccountValidation,
  type ServiceAccountValidationOptions,
} from './service-account-validation.js';
export {
  JWKS_CONTENT_TYPE,
  JWKS_PATH,
  OIDC_CACHE_CONTROL,
  OPENID_CONFIGURATION_CONTENT_TYPE,
  OPENID_CONFIGURATION_PATH,
  jwksDocument,
  openIdConfiguration,
  signingAlgorithms,
} from './oidc.js';
