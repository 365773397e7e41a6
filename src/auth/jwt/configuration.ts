/**
 * Reading an AuthenticationConfiguration: YAML or JSON text with kind AuthenticationConfiguration
 * of apiserver.config.k8s.io/v1beta1 (or v1alpha1, which v1.32 also reads), as kube loads
 * --authentication-config, validated (validation.ts) into JwtAuthenticators. A configuration
 * that does not load is an error; the caller fails closed (no JWT authenticates).
 */
import { aggregateText } from '../../apimachinery/field-errors.js';
import { parseYaml } from '../../apimachinery/yaml.js';
import { isJsonObject } from '../../apimachinery/json-value.js';
import { JwtAuthenticators } from './authenticator.js';
import type { IssuerFetch } from './key-set.js';
import type { AuthenticationConfiguration } from './types.js';
import { validateAuthenticationConfiguration } from './validation.js';

export const authenticationGroup = 'apiserver.config.k8s.io';
const versions = ['v1beta1', 'v1alpha1'];

/** Parses and validates configuration text; throws an Error saying what is wrong. */
export function loadAuthenticationConfiguration(text: string, fetcher: IssuerFetch, disallowedIssuers: string[] = []): JwtAuthenticators {
  let document: unknown;
  try {
    document = parseYaml(text);
  } catch (error) {
    throw new Error(`authentication configuration: ${(error as Error).message}`);
  }
  if (!isJsonObject(document)) throw new Error('authentication configuration: not an object');
  const { apiVersion, kind } = document as { apiVersion?: unknown; kind?: unknown };
  if (kind !== 'AuthenticationConfiguration' || !versions.some((version) => apiVersion === `${authenticationGroup}/${version}`)) {
    throw new Error(`authentication configuration: no kind "${String(kind)}" is registered for version "${String(apiVersion)}"`);
  }
  const { errors, authenticators } = validateAuthenticationConfiguration(document as AuthenticationConfiguration, disallowedIssuers);
  if (errors.length) throw new Error(`authentication configuration: ${aggregateText(errors)}`);
  return new JwtAuthenticators(authenticators, fetcher);
}
