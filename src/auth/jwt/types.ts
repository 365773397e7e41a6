/**
 * kube v1.32's structured authentication configuration (apiserver.config.k8s.io/v1beta1
 * AuthenticationConfiguration, k8s.io/apiserver/pkg/apis/apiserver/v1beta1/types.go), the JWT
 * authenticators only, as their JSON reads.
 */

export interface AuthenticationConfiguration {
  apiVersion?: string;
  kind?: string;
  jwt?: JwtAuthenticatorConfig[];
}

export interface JwtAuthenticatorConfig {
  issuer: IssuerConfig;
  claimValidationRules?: ClaimValidationRule[];
  claimMappings: ClaimMappings;
  userValidationRules?: UserValidationRule[];
}

export interface IssuerConfig {
  /** Must equal the tokens' `iss`; https only. */
  url: string;
  /** Where the discovery document is fetched from, instead of `url` + /.well-known/openid-configuration. */
  discoveryURL?: string;
  /** PEM CA bundle the issuer's TLS certificate is verified with (see README: platform limits). */
  certificateAuthority?: string;
  audiences: string[];
  /** `MatchAny` (required with more than one audience) or empty. */
  audienceMatchPolicy?: string;
}

export interface ClaimValidationRule {
  claim?: string;
  requiredValue?: string;
  expression?: string;
  message?: string;
}

export interface PrefixedClaimOrExpression {
  claim?: string;
  /** A pointer in Go: absent and empty differ (required with `claim`; empty disables prefixing). */
  prefix?: string;
  expression?: string;
}

export interface ClaimOrExpression {
  claim?: string;
  expression?: string;
}

export interface ExtraMapping {
  key: string;
  valueExpression: string;
}

export interface ClaimMappings {
  username: PrefixedClaimOrExpression;
  groups?: PrefixedClaimOrExpression;
  uid?: ClaimOrExpression;
  extra?: ExtraMapping[];
}

export interface UserValidationRule {
  expression: string;
  message?: string;
}
