/**
 * Validation of an AuthenticationConfiguration's JWT authenticators as kube v1.32 validates the
 * file (k8s.io/apiserver/pkg/apis/apiserver/validation/validation.go, the
 * StructuredAuthenticationConfiguration gate on): issuer URLs, audiences, CA, claim validation
 * rules, claim mappings and user validation rules, with kube's paths and texts. Compiling the CEL
 * expressions is part of it; the compiled authenticators come back with the errors.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { compileClaimExpression, selectsClaim, type CompiledClaimExpression } from './expressions.js';
import { parseCertificates } from './certificates.js';
import type { AuthenticationConfiguration, ClaimMappings, ClaimValidationRule, IssuerConfig, JwtAuthenticatorConfig, PrefixedClaimOrExpression, UserValidationRule } from './types.js';

const maxAuthenticators = 64;

/** A JWT authenticator with its expressions compiled. */
export interface CompiledAuthenticator {
  config: JwtAuthenticatorConfig;
  claimValidation: (CompiledClaimExpression & { message: string })[];
  username?: CompiledClaimExpression;
  groups?: CompiledClaimExpression;
  uid?: CompiledClaimExpression;
  extra: (CompiledClaimExpression & { key: string })[];
  userValidation: (CompiledClaimExpression & { message: string })[];
}

interface State {
  usesEmail: boolean;
  usesEmailVerified: boolean;
}

/** Field errors of `configuration` (paths from `jwt`) and its compiled authenticators. */
export function validateAuthenticationConfiguration(configuration: AuthenticationConfiguration, disallowedIssuers: string[] = []): { errors: FieldError[]; authenticators: CompiledAuthenticator[] } {
  const jwt = configuration.jwt ?? [];
  if (jwt.length > maxAuthenticators) return { errors: [fieldError.tooMany('jwt', jwt.length, maxAuthenticators)], authenticators: [] };
  const errors: FieldError[] = [];
  const authenticators: CompiledAuthenticator[] = [];
  const [issuers, discoveryURLs] = [new Set<string>(), new Set<string>()];
  jwt.forEach((authenticator, index) => {
    const path = `jwt[${index}]`;
    const result = validateJwtAuthenticator(authenticator, path, disallowedIssuers);
    errors.push(...result.errors);
    authenticators.push(result.compiled);
    const url = authenticator.issuer?.url ?? '';
    if (issuers.has(url)) errors.push(fieldError.duplicate(`${path}.issuer.url`, url));
    issuers.add(url);
    const discoveryURL = authenticator.issuer?.discoveryURL ?? '';
    if (discoveryURL) {
      if (discoveryURLs.has(discoveryURL)) errors.push(fieldError.duplicate(`${path}.issuer.discoveryURL`, discoveryURL));
      discoveryURLs.add(discoveryURL);
    }
  });
  return { errors, authenticators };
}

/** One authenticator's errors (paths under `path`) and its compiled form. */
export function validateJwtAuthenticator(authenticator: JwtAuthenticatorConfig, path: string, disallowedIssuers: string[]): { errors: FieldError[]; compiled: CompiledAuthenticator } {
  const compiled: CompiledAuthenticator = { config: authenticator, claimValidation: [], extra: [], userValidation: [] };
  const state: State = { usesEmail: false, usesEmailVerified: false };
  const errors = [
    ...validateIssuer(authenticator.issuer ?? ({} as IssuerConfig), `${path}.issuer`, disallowedIssuers),
    ...validateClaimValidationRules(authenticator.claimValidationRules ?? [], `${path}.claimValidationRules`, compiled, state),
    ...validateClaimMappings(authenticator.claimMappings ?? ({} as ClaimMappings), `${path}.claimMappings`, compiled, state),
    ...validateUserValidationRules(authenticator.userValidationRules ?? [], `${path}.userValidationRules`, compiled),
  ];
  return { errors, compiled };
}

function validateIssuer(issuer: IssuerConfig, path: string, disallowedIssuers: string[]): FieldError[] {
  const errors: FieldError[] = [];
  const url = issuer.url ?? '';
  if (!url) errors.push(fieldError.required(`${path}.url`, 'URL is required'));
  else errors.push(...validateUrl(url, disallowedIssuers, `${path}.url`));
  const discoveryURL = issuer.discoveryURL ?? '';
  if (discoveryURL) {
    if (url && url.replace(/\/+$/, '') === discoveryURL.replace(/\/+$/, '')) errors.push(fieldError.invalid(`${path}.discoveryURL`, discoveryURL, 'discoveryURL must be different from URL'));
    errors.push(...validateUrl(discoveryURL, [], `${path}.discoveryURL`));
  }
  errors.push(...validateAudiences(issuer.audiences ?? [], issuer.audienceMatchPolicy ?? '', path));
  if (issuer.certificateAuthority) {
    const problem = parseCertificates(issuer.certificateAuthority).error;
    if (problem) errors.push(fieldError.invalid(`${path}.certificateAuthority`, '<omitted>', problem));
  }
  return errors;
}

/** validateURL: https, no user info, query or fragment, not a disallowed issuer. */
function validateUrl(text: string, disallowedIssuers: string[], path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (disallowedIssuers.includes(text)) errors.push(fieldError.invalid(path, text, `URL must not overlap with disallowed issuers: [${[...new Set(disallowedIssuers)].sort().join(' ')}]`));
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Go's url.Parse accepts far more than WHATWG URL; what it accepts without a scheme fails the scheme check.
    errors.push(fieldError.invalid(path, text, 'URL scheme must be https'));
    return errors;
  }
  if (url.protocol !== 'https:') errors.push(fieldError.invalid(path, text, 'URL scheme must be https'));
  if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(text)) errors.push(fieldError.invalid(path, text, 'URL must not contain a username or password'));
  if (url.search) errors.push(fieldError.invalid(path, text, 'URL must not contain a query'));
  if (url.hash) errors.push(fieldError.invalid(path, text, 'URL must not contain a fragment'));
  return errors;
}

function validateAudiences(audiences: string[], policy: string, issuerPath: string): FieldError[] {
  const path = `${issuerPath}.audiences`;
  if (audiences.length === 0) return [fieldError.required(path, `at least one ${path} is required`)];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  audiences.forEach((audience, index) => {
    if (!audience) errors.push(fieldError.required(`${path}[${index}]`, "audience can't be empty"));
    if (seen.has(audience)) errors.push(fieldError.duplicate(`${path}[${index}]`, audience));
    seen.add(audience);
  });
  const policyPath = `${issuerPath}.audienceMatchPolicy`;
  if (audiences.length > 1 && policy !== 'MatchAny') errors.push(fieldError.invalid(policyPath, policy, 'audienceMatchPolicy must be MatchAny for multiple audiences'));
  if (audiences.length === 1 && policy && policy !== 'MatchAny') errors.push(fieldError.invalid(policyPath, policy, 'audienceMatchPolicy must be empty or MatchAny for single audience'));
  return errors;
}

function validateClaimValidationRules(rules: ClaimValidationRule[], path: string, compiled: CompiledAuthenticator, state: State): FieldError[] {
  const errors: FieldError[] = [];
  const [claims, expressions] = [new Set<string>(), new Set<string>()];
  rules.forEach((rule, index) => {
    const at = `${path}[${index}]`;
    const [claim, expression] = [rule.claim ?? '', rule.expression ?? ''];
    if (claim && expression) errors.push(fieldError.invalid(at, claim, "claim and expression can't both be set"));
    else if (!claim && !expression) errors.push(fieldError.required(at, 'claim or expression is required'));
    else if (claim) {
      if (rule.message) errors.push(fieldError.invalid(`${at}.message`, rule.message, "message can't be set when claim is set"));
      if (claims.has(claim)) errors.push(fieldError.duplicate(`${at}.claim`, claim));
      claims.add(claim);
    } else {
      if (rule.requiredValue) errors.push(fieldError.invalid(`${at}.requiredValue`, rule.requiredValue, "requiredValue can't be set when expression is set"));
      if (expressions.has(expression)) {
        errors.push(fieldError.duplicate(`${at}.expression`, expression));
        return;
      }
      expressions.add(expression);
      const result = compileAt(expression, 'claims', true, `${at}.expression`, errors);
      if (result) {
        compiled.claimValidation.push({ ...result, message: rule.message ?? '' });
        state.usesEmailVerified ||= usesClaim(result, 'email_verified');
      }
    }
  });
  return errors;
}

function validateClaimMappings(mappings: ClaimMappings, path: string, compiled: CompiledAuthenticator, state: State): FieldError[] {
  const errors: FieldError[] = [];
  const username = prefixedClaimOrExpression(mappings.username ?? {}, `${path}.username`, true, errors);
  if (username) {
    compiled.username = username;
    state.usesEmail ||= usesClaim(username, 'email');
    state.usesEmailVerified ||= usesClaim(username, 'email_verified');
  }
  const groups = prefixedClaimOrExpression(mappings.groups ?? {}, `${path}.groups`, false, errors);
  if (groups) compiled.groups = groups;
  const uid = mappings.uid ?? {};
  if (uid.claim && uid.expression) errors.push(fieldError.invalid(`${path}.uid`, '', "claim and expression can't both be set"));
  else if (uid.expression) {
    const result = compileAt(uid.expression, 'claims', false, `${path}.uid.expression`, errors);
    if (result) compiled.uid = result;
  }
  errors.push(...validateExtra(mappings, path, compiled, state));
  if (state.usesEmail && !state.usesEmailVerified) {
    errors.push(fieldError.invalid(`${path}.username.expression`, mappings.username?.expression ?? '',
      'claims.email_verified must be used in claimMappings.username.expression or claimMappings.extra[*].valueExpression or claimValidationRules[*].expression when claims.email is used in claimMappings.username.expression'));
  }
  return errors;
}

function validateExtra(mappings: ClaimMappings, path: string, compiled: CompiledAuthenticator, state: State): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  (mappings.extra ?? []).forEach((mapping, index) => {
    const at = `${path}.extra[${index}]`;
    const key = mapping.key ?? '';
    errors.push(...domainPrefixedPathErrors(`${at}.key`, key));
    if (key !== key.toLowerCase()) errors.push(fieldError.invalid(`${at}.key`, key, 'key must be lowercase'));
    if (isKubernetesDomainPrefix(key)) errors.push(fieldError.invalid(`${at}.key`, key, 'k8s.io, kubernetes.io and their subdomains are reserved for Kubernetes use'));
    if (seen.has(key)) {
      errors.push(fieldError.duplicate(`${at}.key`, key));
      return;
    }
    seen.add(key);
    if (!mapping.valueExpression) {
      errors.push(fieldError.required(`${at}.valueExpression`, 'valueExpression is required'));
      return;
    }
    const result = compileAt(mapping.valueExpression, 'claims', false, `${at}.valueExpression`, errors);
    if (result) {
      compiled.extra.push({ ...result, key });
      state.usesEmailVerified ||= usesClaim(result, 'email_verified');
    }
  });
  return errors;
}

function prefixedClaimOrExpression(mapping: PrefixedClaimOrExpression, path: string, required: boolean, errors: FieldError[]): CompiledClaimExpression | undefined {
  if (mapping.expression && mapping.claim) errors.push(fieldError.invalid(path, '', "claim and expression can't both be set"));
  else if (!mapping.expression && !mapping.claim && required) errors.push(fieldError.required(path, 'claim or expression is required'));
  else if (mapping.expression) {
    if (mapping.prefix !== undefined) errors.push(fieldError.invalid(`${path}.prefix`, mapping.prefix, "prefix can't be set when expression is set"));
    return compileAt(mapping.expression, 'claims', false, `${path}.expression`, errors);
  } else if (mapping.claim && mapping.prefix === undefined) {
    errors.push(fieldError.required(`${path}.prefix`, 'prefix is required when claim is set. It can be set to an empty string to disable prefixing'));
  }
  return undefined;
}

function validateUserValidationRules(rules: UserValidationRule[], path: string, compiled: CompiledAuthenticator): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    const at = `${path}[${index}]`;
    if (!rule.expression) {
      errors.push(fieldError.required(`${at}.expression`, 'expression is required'));
      return;
    }
    if (seen.has(rule.expression)) {
      errors.push(fieldError.duplicate(`${at}.expression`, rule.expression));
      return;
    }
    seen.add(rule.expression);
    const result = compileAt(rule.expression, 'user', true, `${at}.expression`, errors);
    if (result) compiled.userValidation.push({ ...result, message: rule.message ?? '' });
  });
  return errors;
}

/** Compiles; a compile error becomes `Invalid value: "<expression>": <detail>` at `path`. */
function compileAt(source: string, variable: 'claims' | 'user', bool: boolean, path: string, errors: FieldError[]): CompiledClaimExpression | undefined {
  const result = compileClaimExpression(source, variable, bool);
  if ('error' in result) {
    errors.push(fieldError.invalid(path, source, result.error));
    return undefined;
  }
  return result;
}

function usesClaim(compiled: CompiledClaimExpression, field: string): boolean {
  return 'program' in compiled && selectsClaim(compiled.program.node, field);
}

function isKubernetesDomainPrefix(key: string): boolean {
  const slash = key.indexOf('/');
  const domain = slash < 0 ? '' : key.slice(0, slash);
  return ['kubernetes.io', 'k8s.io'].some((reserved) => domain === reserved || domain.endsWith(`.${reserved}`));
}

/** utilvalidation.IsDomainPrefixedPath: `<DNS-1123 subdomain>/<non-empty path>`. */
function domainPrefixedPathErrors(path: string, key: string): FieldError[] {
  if (!key) return [fieldError.required(path, '')];
  const slash = key.indexOf('/');
  if (slash < 0) return [fieldError.invalid(path, key, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const [host, rest] = [key.slice(0, slash), key.slice(slash + 1)];
  const errors: FieldError[] = [];
  if (host.length > 253 || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(host)) {
    errors.push(fieldError.invalid(path, host, "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"));
  }
  if (!/^[A-Za-z0-9/\-._~%!$&'()*+,;=:]+$/.test(rest)) {
    errors.push(fieldError.invalid(path, rest, "Invalid path: must consist of valid URL path characters (a-z, A-Z, 0-9, -, ., _, ~, %, !, $, &, ', (, ), *, +, ,, ;, =, :)"));
  }
  return errors;
}
