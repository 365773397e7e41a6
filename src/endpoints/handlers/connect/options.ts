/**
 * The query options of the kubelet-backed subresources, decoded as kube's parameter codec does
 * (PodLogOptions, PodExecOptions, PodAttachOptions, PodPortForwardOptions): the first value of
 * each parameter, unknown parameters ignored, booleans false only for "0" or "false" (any case),
 * numbers through strconv with its error texts (400). Log options are then validated
 * (ValidatePodLogOptions, 422).
 */
import { fieldError, type FieldError } from '../../../apimachinery/field-errors.js';
import { goQuote } from '../../../apimachinery/go-format.js';
import { goTimeParseError, RFC3339 } from '../../../apimachinery/go-time-parse.js';
import { badRequest, invalid } from '../../../apimachinery/status.js';

export interface LogOptions {
  container: string;
  follow: boolean;
  previous: boolean;
  timestamps: boolean;
  sinceSeconds?: number;
  sinceTime?: string;
  tailLines?: number;
  limitBytes?: number;
}

/** exec and attach: the container and the streams asked for (exec adds its command). */
export interface StreamOptions {
  container: string;
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
  command: string[];
}

/** runtime.Convert_Slice_string_To_bool: only "0" and "false" are false. */
function flag(query: URLSearchParams, name: string): boolean {
  const value = query.get(name);
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

/** strconv.ParseInt(value, 10, 64) with Go's error text. */
function int64(query: URLSearchParams, name: string): number | undefined {
  const value = query.get(name);
  if (value === null) return undefined;
  if (!/^[+-]?\d+$/.test(value)) throw badRequest(`strconv.ParseInt: parsing ${goQuote(value)}: invalid syntax`);
  const parsed = BigInt(value);
  if (parsed > 9223372036854775807n || parsed < -9223372036854775808n) throw badRequest(`strconv.ParseInt: parsing ${goQuote(value)}: value out of range`);
  return Number(parsed);
}

/** PodLogOptions from the query, validated. */
export function parseLogOptions(query: URLSearchParams, podName: string): LogOptions {
  const options: LogOptions = {
    container: query.get('container') ?? '', follow: flag(query, 'follow'), previous: flag(query, 'previous'), timestamps: flag(query, 'timestamps'),
  };
  const numbers = { sinceSeconds: int64(query, 'sinceSeconds'), tailLines: int64(query, 'tailLines'), limitBytes: int64(query, 'limitBytes') };
  for (const [name, value] of Object.entries(numbers)) if (value !== undefined) options[name as 'tailLines'] = value;
  const sinceTime = query.get('sinceTime');
  if (sinceTime !== null && sinceTime !== '') {
    const error = goTimeParseError(RFC3339, sinceTime);
    if (error) throw badRequest(error);
    options.sinceTime = sinceTime;
  }
  const errors = validateLogOptions(options, query.has('stream'));
  if (errors.length) throw invalid({ group: '', kind: 'PodLogOptions' }, podName, errors);
  return options;
}

/** ValidatePodLogOptions with PodLogsQuerySplitStreams off (v1.32's default). */
function validateLogOptions(options: LogOptions, hasStream: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (options.tailLines !== undefined && options.tailLines < 0) errors.push(fieldError.invalid('tailLines', options.tailLines, 'must be greater than or equal to 0'));
  if (options.limitBytes !== undefined && options.limitBytes < 1) errors.push(fieldError.invalid('limitBytes', options.limitBytes, 'must be greater than 0'));
  if (options.sinceSeconds !== undefined && options.sinceTime !== undefined) {
    // field.NewPath("") prints as "[]".
    errors.push(fieldError.forbidden('[]', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  } else if (options.sinceSeconds !== undefined && options.sinceSeconds < 1) {
    errors.push(fieldError.invalid('sinceSeconds', options.sinceSeconds, 'must be greater than 0'));
  }
  if (hasStream) errors.push(fieldError.forbidden('stream', 'may not be specified'));
  return errors;
}

/** PodExecOptions or PodAttachOptions from the query (commands are every `command` value). */
export function parseStreamOptions(query: URLSearchParams): StreamOptions {
  return {
    container: query.get('container') ?? '', stdin: flag(query, 'stdin'), stdout: flag(query, 'stdout'), stderr: flag(query, 'stderr'),
    tty: flag(query, 'tty'), command: query.getAll('command'),
  };
}

/** PodPortForwardOptions: `ports`, repeated or comma-separated, each a 16-bit unsigned number. */
export function parsePortForwardPorts(query: URLSearchParams): number[] {
  return query.getAll('ports').flatMap((value) => value.split(',')).map((port) => {
    if (!/^\d+$/.test(port)) throw badRequest(`cannot convert to []int32: strconv.ParseUint: parsing ${goQuote(port)}: invalid syntax`);
    if (Number(port) > 65535) throw badRequest(`cannot convert to []int32: strconv.ParseUint: parsing ${goQuote(port)}: value out of range`);
    return Number(port);
  });
}
