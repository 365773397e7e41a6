/**
 * String-format validators of k8s.io/apimachinery/pkg/util/validation (v1.32) and
 * pkg/api/validation/path. Each returns kube's messages, one per failed rule and in kube's
 * order; an empty list means valid. Lengths are UTF-8 bytes, as Go's len() counts them, and
 * the character classes are ASCII-only, as in Go's RE2 patterns.
 */

const encoder = new TextEncoder();

/** Go's len(s): the UTF-8 byte length (an ASCII string's is its length, found without encoding). */
export function byteLength(value: string): number {
  for (let index = 0; index < value.length; index++) {
    if (value.charCodeAt(index) > 0x7f) return encoder.encode(value).length;
  }
  return value.length;
}

/** validation.MaxLenError. */
export function maxLenError(length: number): string {
  return `must be no more than ${length} characters`;
}

/** validation.RegexError. Each example is followed by "', " so kube's text has "',  or '". */
export function regexError(message: string, format: string, ...examples: string[]): string {
  if (examples.length === 0) return `${message} (regex used for validation is '${format}')`;
  const listed = examples.map((example) => `'${example}', `).join(' or ');
  return `${message} (e.g. ${listed}regex used for validation is '${format}')`;
}

/** validation.EmptyError. */
export function emptyError(): string {
  return 'must be non-empty';
}

/** validation.InclusiveRangeError. */
export function inclusiveRangeError(low: number, high: number): string {
  return `must be between ${low} and ${high}, inclusive`;
}

const dns1123LabelFormat = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const dns1123LabelMessage =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
const dns1123SubdomainFormat = `${dns1123LabelFormat}(\\.${dns1123LabelFormat})*`;
const dns1123SubdomainMessage =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const dns1035LabelFormat = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035LabelMessage =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

const dns1123LabelPattern = new RegExp(`^${dns1123LabelFormat}$`);
const dns1123SubdomainPattern = new RegExp(`^${dns1123SubdomainFormat}$`);
const dns1035LabelPattern = new RegExp(`^${dns1035LabelFormat}$`);

export const dns1123LabelMaxLength = 63;
export const dns1123SubdomainMaxLength = 253;
export const dns1035LabelMaxLength = 63;

/** validation.IsDNS1123Label. A valid subdomain that is not a label can only have dots, and says so. */
export function isDNS1123Label(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > dns1123LabelMaxLength) errors.push(maxLenError(dns1123LabelMaxLength));
  if (!dns1123LabelPattern.test(value)) {
    if (dns1123SubdomainPattern.test(value)) errors.push('must not contain dots');
    else errors.push(regexError(dns1123LabelMessage, dns1123LabelFormat, 'my-name', '123-abc'));
  }
  return errors;
}

/** validation.IsDNS1123Subdomain. */
export function isDNS1123Subdomain(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > dns1123SubdomainMaxLength) errors.push(maxLenError(dns1123SubdomainMaxLength));
  if (!dns1123SubdomainPattern.test(value)) {
    errors.push(regexError(dns1123SubdomainMessage, dns1123SubdomainFormat, 'example.com'));
  }
  return errors;
}

/** validation.IsDNS1035Label: a DNS-1123 label that starts with a letter. */
export function isDNS1035Label(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > dns1035LabelMaxLength) errors.push(maxLenError(dns1035LabelMaxLength));
  if (!dns1035LabelPattern.test(value)) {
    errors.push(regexError(dns1035LabelMessage, dns1035LabelFormat, 'my-name', 'abc-123'));
  }
  return errors;
}

const qualifiedNameFormat = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]';
const qualifiedNameMessage =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const qualifiedNamePattern = new RegExp(`^${qualifiedNameFormat}$`);
const qualifiedNameMaxLength = 63;

function qualifiedNameSyntax(): string {
  return regexError(qualifiedNameMessage, qualifiedNameFormat, 'MyName', 'my.name', '123-abc');
}

/** validation.IsQualifiedName: `[DNS-subdomain prefix/]name`, the syntax of label keys and finalizers. */
export function isQualifiedName(value: string): string[] {
  const parts = value.split('/');
  if (parts.length > 2) {
    return [`a qualified name ${qualifiedNameSyntax()} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`];
  }
  const errors = parts.length === 2 ? qualifiedNamePrefixErrors(parts[0]!) : [];
  const name = parts[parts.length - 1]!;
  if (name.length === 0) errors.push(`name part ${emptyError()}`);
  else if (byteLength(name) > qualifiedNameMaxLength) errors.push(`name part ${maxLenError(qualifiedNameMaxLength)}`);
  if (!qualifiedNamePattern.test(name)) errors.push(`name part ${qualifiedNameSyntax()}`);
  return errors;
}

function qualifiedNamePrefixErrors(prefix: string): string[] {
  if (prefix.length === 0) return [`prefix part ${emptyError()}`];
  return isDNS1123Subdomain(prefix).map((message) => `prefix part ${message}`);
}

const labelValueFormat = `(${qualifiedNameFormat})?`;
const labelValueMessage =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const labelValuePattern = new RegExp(`^${labelValueFormat}$`);
export const labelValueMaxLength = 63;

/** validation.IsValidLabelValue: empty, or a qualified name's name part. */
export function isValidLabelValue(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > labelValueMaxLength) errors.push(maxLenError(labelValueMaxLength));
  if (!labelValuePattern.test(value)) {
    errors.push(regexError(labelValueMessage, labelValueFormat, 'MyValue', 'my_value', '12345'));
  }
  return errors;
}

const configMapKeyFormat = '[-._a-zA-Z0-9]+';
const configMapKeyMessage = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const configMapKeyPattern = new RegExp(`^${configMapKeyFormat}$`);

/** validation.IsConfigMapKey: a key of ConfigMap or Secret data. */
export function isConfigMapKey(value: string): string[] {
  const errors: string[] = [];
  if (byteLength(value) > dns1123SubdomainMaxLength) errors.push(maxLenError(dns1123SubdomainMaxLength));
  if (!configMapKeyPattern.test(value)) {
    errors.push(regexError(configMapKeyMessage, configMapKeyFormat, 'key.name', 'KEY_NAME', 'key-name'));
  }
  if (value === '.') errors.push("must not be '.'");
  else if (value === '..') errors.push("must not be '..'");
  else if (value.startsWith('..')) errors.push("must not start with '..'");
  return errors;
}

/** path.IsValidPathSegmentName: the name can be one segment of a URL path or a storage key. */
export function isValidPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  return isValidPathSegmentPrefix(name);
}

/** path.IsValidPathSegmentPrefix: as above, without the '.' and '..' rule a suffix could lift. */
export function isValidPathSegmentPrefix(name: string): string[] {
  return ['/', '%'].filter((illegal) => name.includes(illegal)).map((illegal) => `may not contain '${illegal}'`);
}
