/**
 * From a verified token's claims to a user, as oidc.go's AuthenticateToken does after the
 * signature: username (claim with prefix, `email` only when `email_verified` is absent or true,
 * or a CEL expression that must be a non-empty string), groups (a string or a list of strings,
 * prefixed; or CEL), uid, extra (credential id from `jti`, then each CEL mapping), then the
 * required claims, claim validation rules and user validation rules. Every failure is an Error
 * with kube's text; the request gets only 401.
 */
import { CREDENTIAL_ID_KEY } from '../../authn/index.js';
import type { UserInfo } from '../../rbac/index.js';
import { KList, type Value } from '../../cel/values/kinds.js';
import { claimsValue, runClaimExpression, userValue, type CompiledClaimExpression } from './expressions.js';
import type { CompiledAuthenticator } from './validation.js';

type Claims = Record<string, unknown>;

/** The user `claims` map to under `authenticator`; throws an Error with kube's message. */
export function userOfClaims(authenticator: CompiledAuthenticator, claims: Claims): UserInfo {
  const variables = { claims: claimsValue(claims) };
  const name = username(authenticator, claims, variables);
  const groups = groupsOf(authenticator, claims, variables);
  const uid = uidOf(authenticator, claims, variables);
  const extra = extraOf(authenticator, claims, variables);
  checkRequiredClaims(authenticator, claims);
  checkRules(authenticator.claimValidation, variables, 'oidc: error evaluating claim validation expression');
  const user: UserInfo = { name, groups, ...(uid ? { uid } : {}), ...(Object.keys(extra).length ? { extra } : {}) };
  if (authenticator.userValidation.length) {
    const userVariables = { user: userValue({ username: name, uid, groups, extra }) };
    checkRules(authenticator.userValidation, userVariables, 'oidc: error evaluating user info validation rule');
  }
  return user;
}

function username(authenticator: CompiledAuthenticator, claims: Claims, variables: Record<string, Value>): string {
  if (authenticator.username) {
    const value = evaluate(authenticator.username, variables, 'oidc: error evaluating username claim expression');
    if (typeof value !== 'string') throw new Error('oidc: error evaluating username claim expression: username claim expression must return a string');
    if (!value) throw new Error('oidc: empty username via CEL expression is not allowed');
    return value;
  }
  const { claim = '', prefix } = authenticator.config.claimMappings.username;
  const value = claims[claim];
  if (typeof value !== 'string') throw new Error(`oidc: parse username claims "${claim}": ${value === undefined ? 'claim not present' : 'json: cannot unmarshal into Go value of type string'}`);
  if (claim === 'email' && 'email_verified' in claims) {
    if (typeof claims.email_verified !== 'boolean') throw new Error("oidc: parse 'email_verified' claim: json: cannot unmarshal into Go value of type bool");
    if (!claims.email_verified) throw new Error('oidc: email not verified');
  }
  return prefix ? prefix + value : value;
}

function groupsOf(authenticator: CompiledAuthenticator, claims: Claims, variables: Record<string, Value>): string[] {
  const { claim = '', prefix } = authenticator.config.claimMappings.groups ?? {};
  if (claim && claim in claims) {
    const value = claims[claim];
    const groups = typeof value === 'string' ? [value] : Array.isArray(value) && value.every((item) => typeof item === 'string') ? value as string[] : undefined;
    if (!groups) throw new Error(`oidc: parse groups claim "${claim}": json: cannot unmarshal into Go value of type string`);
    return prefix ? groups.map((group) => prefix + group) : [...groups];
  }
  if (!authenticator.groups) return [];
  const value = evaluate(authenticator.groups, variables, 'oidc: error evaluating group claim expression');
  return stringList(value, 'oidc: error evaluating group claim expression');
}

function uidOf(authenticator: CompiledAuthenticator, claims: Claims, variables: Record<string, Value>): string {
  const claim = authenticator.config.claimMappings.uid?.claim ?? '';
  if (claim) {
    const value = claims[claim];
    if (typeof value !== 'string') throw new Error(`oidc: parse uid claim "${claim}": ${value === undefined ? 'claim not present' : 'json: cannot unmarshal into Go value of type string'}`);
    return value;
  }
  if (!authenticator.uid) return '';
  const value = evaluate(authenticator.uid, variables, 'oidc: error evaluating uid claim expression');
  if (typeof value !== 'string') throw new Error('oidc: error evaluating uid claim expression: uid claim expression must return a string');
  return value;
}

function extraOf(authenticator: CompiledAuthenticator, claims: Claims, variables: Record<string, Value>): Record<string, string[]> {
  const extra: Record<string, string[]> = {};
  if (typeof claims.jti === 'string' && claims.jti) extra[CREDENTIAL_ID_KEY] = [`JTI=${claims.jti}`];
  for (const mapping of authenticator.extra) {
    const value = evaluate(mapping, variables, '');
    const values = stringList(value, `oidc: error evaluating extra claim expression: ${mapping.source}`);
    if (values.length) extra[mapping.key] = values;
  }
  return extra;
}

function checkRequiredClaims(authenticator: CompiledAuthenticator, claims: Claims): void {
  for (const rule of authenticator.config.claimValidationRules ?? []) {
    if (!rule.claim) continue;
    if (!(rule.claim in claims)) throw new Error(`oidc: required claim ${rule.claim} not present in ID token`);
    const value = claims[rule.claim];
    if (typeof value !== 'string') throw new Error(`oidc: parse claim ${rule.claim}: json: cannot unmarshal into Go value of type string`);
    if (value !== (rule.requiredValue ?? '')) throw new Error(`oidc: required claim ${rule.claim} value does not match. Got = ${value}, want = ${rule.requiredValue ?? ''}`);
  }
}

/** checkValidationRulesEvaluation: every rule must be true; the first false one fails with its message. */
function checkRules(rules: (CompiledClaimExpression & { message: string })[], variables: Record<string, Value>, context: string): void {
  for (const rule of rules) {
    const value = evaluate(rule, variables, context);
    if (typeof value !== 'boolean') throw new Error(`${context}: validation expression must return a boolean`);
    if (!value) throw new Error(`${context}: validation expression '${rule.source}' failed: ${rule.message}`);
  }
}

/** Runs one expression; an evaluation error reads as the CEL mapper words it (mapper.go). */
function evaluate(expression: CompiledClaimExpression, variables: Record<string, Value>, context: string): Value {
  if (!('program' in expression)) throw new Error(`${context}: ${expression.error}`);
  const value = runClaimExpression(expression.program, variables);
  if (value instanceof Error) {
    const text = `expression '${expression.source}' resulted in error: ${value.message}`;
    throw new Error(context ? `${context}: ${text}` : text);
  }
  return value;
}

/** convertCELValueToStringList: a string or a list of strings; "" and [] are nothing, empty strings in a list are dropped. */
function stringList(value: Value, context: string): string[] {
  if (value === null) return [];
  if (typeof value === 'string') return value ? [value] : [];
  if (value instanceof KList) {
    const result: string[] = [];
    for (const item of value) {
      if (typeof item !== 'string') throw new Error(`${context}: expression must return a string or a list of strings`);
      if (item) result.push(item);
    }
    return result;
  }
  throw new Error(`${context}: expression must return a string or a list of strings`);
}
