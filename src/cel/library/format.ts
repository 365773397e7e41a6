/**
 * kube's format library (apiserver/pkg/cel/library/format.go, v1.31+): `format.dns1123Label()`
 * and its siblings, `format.named(name)` (optional), and `f.validate(s)`, which is
 * optional.none() for a valid string and else optional.of(the validation messages), with the
 * messages of kube's validators (src/apimachinery/validation/names.ts) and strfmt formats.
 */
import { isDNS1035Label, isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../apimachinery/validation/names.js';
import { matchesFormat } from '../../schema/formats.js';
import { KList, Opaque, Optional } from '../values/kinds.js';
import { parseGoUrl } from './go-url.js';
import type { RuntimeLibrary } from './types.js';

export class FormatValue extends Opaque {
  readonly typeName = 'kubernetes.NamedFormat';
  constructor(readonly name: string, readonly validate: (text: string) => string[], readonly maxRegexSize: number) {
    super();
  }
  equals(other: Opaque): boolean {
    return other instanceof FormatValue && other.name === this.name;
  }
}

/** NameIsDNS*(name, prefix=true): a trailing dash is allowed (maskTrailingDash). */
const prefixed = (validate: (text: string) => string[]) => (text: string): string[] =>
  validate(text.length > 1 && text.endsWith('-') ? `${text.slice(0, -2)}a` : text);

function uriErrors(text: string): string[] {
  try {
    parseGoUrl(text, true);
    return [];
  } catch (error) {
    return [`invalid URI: ${(error as Error).message}`];
  }
}

const strfmt = (format: string, message: string) => (text: string): string[] => (matchesFormat(format, text) ? [] : [message]);

const formats: Record<string, FormatValue> = {
  dns1123Label: new FormatValue('DNS1123Label', isDNS1123Label, 30),
  dns1123Subdomain: new FormatValue('DNS1123Subdomain', isDNS1123Subdomain, 60),
  dns1035Label: new FormatValue('DNS1035Label', isDNS1035Label, 30),
  qualifiedName: new FormatValue('QualifiedName', isQualifiedName, 60),
  dns1123LabelPrefix: new FormatValue('DNS1123LabelPrefix', prefixed(isDNS1123Label), 30),
  dns1123SubdomainPrefix: new FormatValue('DNS1123SubdomainPrefix', prefixed(isDNS1123Subdomain), 60),
  dns1035LabelPrefix: new FormatValue('DNS1035LabelPrefix', prefixed(isDNS1035Label), 30),
  labelValue: new FormatValue('LabelValue', isValidLabelValue, 40),
  uri: new FormatValue('URI', uriErrors, 40),
  uuid: new FormatValue('uuid', strfmt('uuid', 'does not match the UUID format'), 40),
  byte: new FormatValue('byte', strfmt('byte', 'invalid base64'), 80),
  date: new FormatValue('date', strfmt('date', 'invalid date'), 60),
  datetime: new FormatValue('datetime', strfmt('date-time', 'invalid datetime'), 60),
};

export const formatLibrary: RuntimeLibrary = {
  ...Object.fromEntries(Object.entries(formats).map(([name, format]) => [`format.${name}`, () => format])),
  'format.named': (_target, [name]) => (typeof name === 'string' ? (Object.hasOwn(formats, name) ? new Optional(formats[name]!) : Optional.none) : undefined),
  validate(target, [text]) {
    if (!(target instanceof FormatValue) || typeof text !== 'string') return undefined;
    const errors = target.validate(text);
    return errors.length ? new Optional(KList.of(errors)) : Optional.none;
  },
};
