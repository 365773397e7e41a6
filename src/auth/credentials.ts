/**
 * The server's credentials, from Worker secrets, parsed once per isolate (again only when a
 * secret's text changes): the static token table and the service account signing key, with
 * the issuer and API audiences service account tokens are made for.
 */
import type { Env } from '../env.js';
import { importSigningKey, parseTokenFile, type SigningKey } from './authn/index.js';
import type { UserInfo } from './rbac/index.js';

export const defaultIssuer = 'https://kubernetes.default.svc.cluster.local';

let tokens: { text: string; table: Map<string, UserInfo> } | undefined;
let key: { text: string; key: SigningKey } | undefined;

/** The static token table (empty without STATIC_TOKENS). A malformed file is a startup error in kube; here every request fails closed. */
export function staticTokens(env: Env): Map<string, UserInfo> {
  const text = env.STATIC_TOKENS ?? '';
  if (tokens?.text !== text) tokens = { text, table: parseTokenFile(text) };
  return tokens.table;
}

/** The signing key, or undefined when SERVICE_ACCOUNT_KEY is not set (no service account tokens then). */
export async function signingKey(env: Env): Promise<SigningKey | undefined> {
  const text = env.SERVICE_ACCOUNT_KEY;
  if (!text) return undefined;
  if (key?.text !== text) key = { text, key: await importSigningKey(text) };
  return key.key;
}

/** The `iss` of the tokens this server issues. */
export function issuer(env: Env): string {
  return env.SERVICE_ACCOUNT_ISSUER || defaultIssuer;
}

/** The audiences the API accepts in service account tokens (kube's --api-audiences default: the issuer). */
export function apiAudiences(env: Env): string[] {
  return [issuer(env)];
}
