/**
 * String formats of k8s.io/apimachinery/pkg/util/validation (v1.32) that core/validation/names.ts
 * does not cover yet: domain-prefixed paths, wildcard subdomains, fully qualified domain names,
 * the workload kinds' port names, and Go's `%q` of a string list.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { byteLength, dns1123SubdomainMaxLength, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, maxLenError, regexError } from '../../apimachinery/validation/names.js';

const httpPathFormat = "[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+";
const httpPathPattern = new RegExp(`^${httpPathFormat}$`);

/** validation.IsDomainPrefixedPath: `host/path` with a DNS-subdomain host (IngressClass controller, Job managedBy). */
export function isDomainPrefixedPath(path: string, value: string): FieldError[] {
  if (value.length === 0) return [fieldError.required(path)];
  const slash = value.indexOf('/');
  const host = slash < 0 ? '' : value.slice(0, slash);
  const rest = slash < 0 ? '' : value.slice(slash + 1);
  if (host.length === 0 || rest.length === 0) return [fieldError.invalid(path, value, 'must be a domain-prefixed path (such as "acme.io/foo")')];
  const errors = isDNS1123Subdomain(host).map((message) => fieldError.invalid(path, host, message));
  if (!httpPathPattern.test(rest)) errors.push(fieldError.invalid(path, rest, regexError('Invalid path', httpPathFormat)));
  return errors;
}

const dns1123LabelFormat = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const wildcardFormat = `\\*\\.${dns1123LabelFormat}(\\.${dns1123LabelFormat})*`;
const wildcardPattern = new RegExp(`^${wildcardFormat}$`);
const wildcardMessage =
  "a wildcard DNS-1123 subdomain must start with '*.', followed by a valid DNS subdomain, which must consist of lower case alphanumeric characters, '-' or '.' and end with an alphanumeric character";

/** validation.IsWildcardDNS1123Subdomain: `*.` followed by a subdomain. */
export function isWildcardDNS1123Subdomain(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > dns1123SubdomainMaxLength) errors.push(maxLenError(dns1123SubdomainMaxLength));
  if (!wildcardPattern.test(value)) errors.push(regexError(wildcardMessage, wildcardFormat, '*.example.com'));
  return errors;
}

/** validation.IsFullyQualifiedDomainName: a subdomain of at least two labels, a trailing dot allowed. */
export function isFullyQualifiedDomainName(path: string, value: string): FieldError[] {
  if (value.length === 0) return [fieldError.required(path)];
  const name = value.endsWith('.') ? value.slice(0, -1) : value;
  const subdomainErrors = isDNS1123Subdomain(name);
  if (subdomainErrors.length > 0) return subdomainErrors.map((message) => fieldError.invalid(path, name, message));
  const labels = name.split('.');
  if (labels.length < 2) return [fieldError.invalid(path, name, 'should be a domain with at least two segments separated by dots')];
  return labels.flatMap((label) => isDNS1123Label(label).map((message) => fieldError.invalid(path, label, message)));
}

/**
 * validation.IsValidPortName as the workload kinds (Ingress, NetworkPolicy) check it. Differs from
 * kube's, which core/validation/ports.ts follows: after a charset failure this skips the "at least
 * one letter" message (`HTTP` gets one message here, two in kube); a networking test pins this.
 */
export function isValidWorkloadPortName(port: string): string[] {
  const errors: string[] = [];
  if (port.length > 15) errors.push(maxLenError(15));
  if (!/^[-a-z0-9]+$/.test(port)) errors.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)');
  else if (!/[a-z]/.test(port)) errors.push('must contain at least one letter (a-z)');
  if (port.includes('--')) errors.push('must not contain consecutive hyphens');
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-'))) errors.push('must not begin or end with a hyphen');
  return errors;
}

/** apivalidation.ValidateQualifiedName: each IsQualifiedName message as Invalid. */
export function validateQualifiedName(value: string, path: string): FieldError[] {
  return isQualifiedName(value).map((message) => fieldError.invalid(path, value, message));
}

/** apivalidation.ValidateDNS1123Label: each IsDNS1123Label message as Invalid. */
export function validateDNS1123Label(value: string, path: string): FieldError[] {
  return isDNS1123Label(value).map((message) => fieldError.invalid(path, value, message));
}

/** Go's `%q` of a []string: `["a" "b"]` (kube's "valid values: %q" details). */
export function goQuotedList(values: readonly string[]): string {
  return `[${values.map((value) => goQuote(value)).join(' ')}]`;
}
