/**
 * Query parameters of each verb, parsed and validated as kube does: 400 for what cannot be
 * parsed, 422 with the options kind (`CreateOptions.meta.k8s.io "" is invalid: ...`) for values
 * its validation refuses.
 */
import { type FieldError, fieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { badRequest, invalid } from '../../apimachinery/status.js';
import { validateFieldManager } from '../../apimachinery/validation/metadata-fields.js';
import { byteLength } from '../../apimachinery/validation/names.js';

export type OptionsKind = 'CreateOptions' | 'UpdateOptions' | 'PatchOptions' | 'DeleteOptions' | 'ListOptions' | 'GetOptions';

export interface WriteOptions {
  dryRun: boolean;
  fieldManager: string;
  fieldValidation: string;
}

const fieldValidationValues = ['', 'Ignore', 'Strict', 'Warn'];

/** Throws kube's 422 for invalid options of `kind`. */
export function optionsInvalid(kind: OptionsKind, errors: FieldError[]): never {
  throw invalid({ group: 'meta.k8s.io', kind }, '', errors);
}

/** dryRun must be absent or `All` (ValidateDryRun). */
export function parseDryRun(query: URLSearchParams, kind: OptionsKind): boolean {
  const values = query.getAll('dryRun');
  if (values.length === 0) return false;
  if (values.some((value) => value !== 'All')) {
    optionsInvalid(kind, [fieldError.notSupported('dryRun', values, ['All'])]);
  }
  return true;
}

/** dryRun, fieldManager and fieldValidation of a create, update or patch (ValidateCreateOptions & co). */
export function parseWriteOptions(query: URLSearchParams, kind: OptionsKind): WriteOptions {
  const dryRun = parseDryRun(query, kind);
  const fieldManager = query.get('fieldManager') ?? '';
  const fieldValidation = query.get('fieldValidation') ?? '';
  const errors = validateFieldManager(fieldManager, 'fieldManager');
  if (!fieldValidationValues.includes(fieldValidation)) errors.push(fieldError.notSupported('fieldValidation', fieldValidation, fieldValidationValues));
  if (errors.length) optionsInvalid(kind, errors);
  return { dryRun, fieldManager, fieldValidation };
}

/**
 * The manager of a write: the fieldManager parameter, else the User-Agent up to its first `/`
 * with unprintable characters dropped and cut at 128 bytes (kube's prefixFromUserAgent), else
 * kube's `unknown`.
 */
export function managerName(fieldManager: string, userAgent: string | null): string {
  if (fieldManager) return fieldManager;
  const source = (userAgent ?? '').split('/')[0] ?? '';
  // Printable ASCII is all kept (letters, digits, punctuation, symbols, space): the usual agent.
  if (/^[\x20-\x7e]{1,128}$/.test(source)) return source;
  let prefix = '';
  for (const character of source) {
    if (!/^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u.test(character)) continue;
    if (byteLength(prefix + character) > 128) break;
    prefix += character;
  }
  return prefix || 'unknown';
}

/** An integer query parameter (limit, timeoutSeconds); absent is `fallback`. */
export function parseIntegerParameter(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name);
  if (text === null || text === '') return fallback;
  if (!/^[+-]?\d+$/.test(text)) throw badRequest(`strconv.ParseInt: parsing ${goQuote(text)}: invalid syntax`);
  return Number(text);
}

/** A boolean query parameter the way kube converts them: anything but "false"/"0" is true. */
export function parseBooleanParameter(query: URLSearchParams, name: string): boolean {
  const text = query.get(name);
  if (text === null) return false;
  return !['false', '0'].includes(text.toLowerCase());
}
