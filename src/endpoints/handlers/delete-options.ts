/**
 * DeleteOptions of a DELETE (k8s.io/apiserver/pkg/endpoints/handlers/delete.go): from the body
 * when there is one (JSON or YAML, `kind: DeleteOptions` if named), else from the query; then
 * ValidateDeleteOptions (422 `DeleteOptions.meta.k8s.io "" is invalid: ...`).
 */
import { negotiateInput } from '../../codecs/negotiate.js';
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { badRequest } from '../../apimachinery/status.js';
import type { DeleteOptions, PropagationPolicy } from '../../registry/deletion.js';
import { isJsonObject } from '../../apimachinery/object.js';
import { parseBody, readBodyBytes } from './body.js';
import { optionsInvalid } from './query-options.js';
import { auditDeleteOptions } from './audit-object.js';
import type { RequestScope } from './scope.js';
import { utf8Text } from '../../apimachinery/utf8.js';

const policies = ['Foreground', 'Background', 'Orphan'];

/** The raw fields of a DeleteOptions, before validation. */
export interface RawDeleteOptions {
  gracePeriodSeconds?: number;
  preconditions?: { uid?: string; resourceVersion?: string };
  orphanDependents?: boolean;
  propagationPolicy?: string;
  dryRun?: string[];
}

export async function parseDeleteOptions(scope: RequestScope): Promise<DeleteOptions> {
  const body = await readBodyBytes(scope.request);
  if (body.length > 0 && utf8Text(body).trim()) {
    const raw = decodeBody(scope, body);
    auditDeleteOptions(scope, raw);
    return validateDeleteOptions(raw);
  }
  const raw = fromQuery(scope.url.searchParams);
  return validateDeleteOptions(raw);
}

function decodeBody(scope: RequestScope, body: Uint8Array): RawDeleteOptions {
  const parsed = parseBody(body, negotiateInput(scope.request.headers.get('content-type')));
  if (parsed.error !== undefined || !isJsonObject(parsed.value)) throw badRequest(parsed.error ?? 'decoded object cannot be converted to DeleteOptions');
  const value = parsed.value;
  if (value.kind !== undefined && value.kind !== 'DeleteOptions') {
    throw badRequest(`${String(value.kind)} in version ${goQuote(String(value.apiVersion ?? ''))} cannot be handled as a DeleteOptions`);
  }
  const raw: RawDeleteOptions = {};
  if (value.gracePeriodSeconds != null) raw.gracePeriodSeconds = typed(value.gracePeriodSeconds, 'gracePeriodSeconds', 'int64', Number.isInteger);
  if (value.orphanDependents != null) raw.orphanDependents = typed(value.orphanDependents, 'orphanDependents', 'bool', isBoolean);
  if (value.propagationPolicy != null) raw.propagationPolicy = typed(value.propagationPolicy, 'propagationPolicy', 'v1.DeletionPropagation', isString);
  if (value.dryRun != null) raw.dryRun = typed(value.dryRun, 'dryRun', '[]string', isStringList);
  if (value.preconditions != null) raw.preconditions = preconditionsOf(value.preconditions);
  return raw;
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isString = (value: unknown): value is string => typeof value === 'string';
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** A field of the expected Go type, or kube's decode error (400). */
function typed<T>(value: unknown, field: string, goType: string, check: (value: unknown) => boolean): T {
  if (check(value)) return value as T;
  const jsonType = Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value === 'boolean' ? 'bool' : typeof value;
  throw badRequest(`json: cannot unmarshal ${jsonType} into Go struct field DeleteOptions.${field} of type ${goType}`);
}

function preconditionsOf(value: unknown): RawDeleteOptions['preconditions'] {
  if (!isJsonObject(value)) typed(value, 'preconditions', 'v1.Preconditions', () => false);
  const record = value as Record<string, unknown>;
  const preconditions: NonNullable<RawDeleteOptions['preconditions']> = {};
  if (record.uid != null) preconditions.uid = typed(record.uid, 'preconditions.uid', 'types.UID', isString);
  if (record.resourceVersion != null) preconditions.resourceVersion = typed(record.resourceVersion, 'preconditions.resourceVersion', 'string', isString);
  return preconditions;
}

/** The query form: gracePeriodSeconds, orphanDependents, propagationPolicy, dryRun. */
function fromQuery(query: URLSearchParams): RawDeleteOptions {
  const raw: RawDeleteOptions = {};
  const grace = query.get('gracePeriodSeconds');
  if (grace !== null && grace !== '') {
    if (!/^[+-]?\d+$/.test(grace)) throw badRequest(`strconv.ParseInt: parsing ${goQuote(grace)}: invalid syntax`);
    raw.gracePeriodSeconds = Number(grace);
  }
  const orphan = query.get('orphanDependents');
  if (orphan !== null && orphan !== '') {
    if (!['true', 'false', '1', '0', 't', 'f', 'TRUE', 'FALSE', 'True', 'False', 'T', 'F'].includes(orphan)) {
      throw badRequest(`strconv.ParseBool: parsing ${goQuote(orphan)}: invalid syntax`);
    }
    raw.orphanDependents = ['true', '1', 't', 'TRUE', 'True', 'T'].includes(orphan);
  }
  const policy = query.get('propagationPolicy');
  if (policy !== null && policy !== '') raw.propagationPolicy = policy;
  const dryRun = query.getAll('dryRun');
  if (dryRun.length) raw.dryRun = dryRun;
  return raw;
}

/** ValidateDeleteOptions (422 `DeleteOptions.meta.k8s.io "" is invalid: ...`), and the options as the registry takes them. */
export function validateDeleteOptions(raw: RawDeleteOptions): DeleteOptions {
  const errors: FieldError[] = [];
  if (raw.orphanDependents !== undefined && raw.propagationPolicy !== undefined) {
    errors.push(fieldError.invalid('propagationPolicy', raw.propagationPolicy, 'orphanDependents and deletionPropagation cannot be both set'));
  }
  if (raw.propagationPolicy !== undefined && !policies.includes(raw.propagationPolicy)) {
    errors.push(fieldError.notSupported('propagationPolicy', raw.propagationPolicy, [...policies, 'nil']));
  }
  if (raw.dryRun?.some((value) => value !== 'All')) errors.push(fieldError.notSupported('dryRun', raw.dryRun, ['All']));
  if (errors.length) optionsInvalid('DeleteOptions', errors);
  const options: DeleteOptions = { dryRun: (raw.dryRun?.length ?? 0) > 0, preconditions: raw.preconditions ?? {} };
  if (raw.gracePeriodSeconds !== undefined) options.gracePeriodSeconds = raw.gracePeriodSeconds;
  if (raw.propagationPolicy !== undefined) options.propagationPolicy = raw.propagationPolicy as PropagationPolicy;
  if (raw.orphanDependents !== undefined) options.orphanDependents = raw.orphanDependents;
  return options;
}
