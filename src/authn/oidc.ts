/**
 * Service account issuer discovery (pkg/serviceaccount/openidmetadata.go): the OIDC
 * configuration at /.well-known/openid-configuration and the key set at /openid/v1/jwks,
 * rendered byte for byte as kube's json.Marshal of its structs.
 */
import type { SigningKey } from './keys.js';

export const OPENID_CONFIGURATION_PATH = '/.well-known/openid-configuration';
export const JWKS_PATH = '/openid/v1/jwks';

/** Content types kube's routes/openidmetadata.go serves each document with. */
export const OPENID_CONFIGURATION_CONTENT_TYPE = 'application/json';
export const JWKS_CONTENT_TYPE = 'application/jwk-set+json';
/** Cache-Control for both documents: public, max-age = the static key getter's 3600 s. */
export const OIDC_CACHE_CONTROL = 'public, max-age=3600';

/**
 * The openIDMetadata document, fields in struct order: issuer, jwks_uri,
 * response_types_supported, subject_types_supported, id_token_signing_alg_values_supported.
 * Algorithms are de-duplicated and sorted, as kube's getAlgs (sets.String.List) does.
 */
export function openIdConfiguration(issuer: string, jwksUri: string, algs: string[]): string {
  return JSON.stringify({
    issuer,
    jwks_uri: jwksUri,
    response_types_supported: ['id_token'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [...new Set(algs)].sort(),
  });
}

/** The JSONWebKeySet `{"keys":[...]}` with each key's public JWK in go-jose field order. */
export function jwksDocument(keys: SigningKey[]): string {
  return JSON.stringify({ keys: keys.map((key) => key.publicJwk) });
}

/** The signing algorithms of a key set, as kube derives them for the configuration. */
export function signingAlgorithms(keys: SigningKey[]): string[] {
  return [...new Set(keys.map((key) => key.alg))].sort();
}
