/**
 * Continue tokens exactly as kube encodes them (staging/src/k8s.io/apiserver/pkg/storage/continue.go):
 * unpadded base64url of {"v":"meta.k8s.io/v1","rv":<resourceVersion>,"start":"<key after prefix>\u0000"}.
 * rv -1 means "continue at the newest state" (handed out after the snapshot was compacted).
 */
import { goQuoteRune } from './go-format.js';
import { goJsonSyntaxError, goJsonTypeName, goUnmarshalTypeError } from './go-json-errors.js';

export interface ContinuePosition {
  /** Full storage key to resume from. */
  key: string;
  /** Whether `key` itself is included (kube's tokens name the successor key `last\0`, so usually false). */
  inclusive: boolean;
  /** The snapshot's resourceVersion; -1 for "newest". */
  resourceVersion: number;
}

export class ContinueTokenError extends Error {}

const tokenVersion = 'meta.k8s.io/v1';

/** The token that resumes a list after `lastKey` at `resourceVersion`. */
export function encodeContinue(lastKey: string, prefix: string, resourceVersion: number): string {
  const start = lastKey.slice(prefix.length) + '\u0000';
  const json = `{"v":"${tokenVersion}","rv":${resourceVersion},"start":${JSON.stringify(start)}}`;
  return base64UrlEncode(new TextEncoder().encode(json));
}

/** Decodes a token for a collection with key `prefix`; throws ContinueTokenError with kube's text. */
export function decodeContinue(token: string, prefix: string): ContinuePosition {
  const bytes = base64UrlDecode(token);
  const text = new TextDecoder().decode(bytes);
  const syntax = text.includes('\ufffd') ? binarySyntaxError(bytes) : goJsonSyntaxError(text);
  if (syntax) throw new ContinueTokenError(`continue key is not valid: ${syntax}`);
  const parsed = JSON.parse(text) as Record<string, unknown>;
  const { version, resourceVersion, start } = tokenFields(parsed);
  if (version !== tokenVersion) {
    throw new ContinueTokenError(`continue key is not valid: server does not recognize this encoded version ${version}`);
  }
  if (resourceVersion === 0) throw new ContinueTokenError('continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
  if (start.length === 0) throw new ContinueTokenError('continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
  return { ...startPosition(start, prefix), resourceVersion };
}

function tokenFields(parsed: Record<string, unknown>): { version: string; resourceVersion: number; start: string } {
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ContinueTokenError(`continue key is not valid: json: cannot unmarshal ${goJsonTypeName(parsed)} into Go value of type storage.continueToken`);
  }
  const field = (name: string, goType: string, want: string): unknown => {
    const value = parsed[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== want || (want === 'number' && !Number.isInteger(value))) {
      throw new ContinueTokenError(`continue key is not valid: ${goUnmarshalTypeError(goJsonTypeName(value), `continueToken.${name}`, goType)}`);
    }
    return value;
  };
  return {
    version: (field('v', 'string', 'string') as string | undefined) ?? '',
    resourceVersion: (field('rv', 'int64', 'number') as number | undefined) ?? 0,
    start: (field('start', 'string', 'string') as string | undefined) ?? '',
  };
}

/** kube refuses start keys that path.Clean would change (no climbing out of the collection). */
function startPosition(start: string, prefix: string): { key: string; inclusive: boolean } {
  const rooted = start.startsWith('/') ? start : `/${start}`;
  if (cleanPath(rooted) !== rooted) throw new ContinueTokenError(`continue key is not valid: ${start}`);
  const relative = rooted.slice(1);
  if (relative.endsWith('\u0000')) return { key: prefix + relative.slice(0, -1), inclusive: false };
  return { key: prefix + relative, inclusive: true };
}

/** Go's path.Clean for rooted paths. */
function cleanPath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return '/' + out.join('/');
}

/**
 * Go's scanner on bytes that are not UTF-8 (a token that was never base64 JSON): it quotes the
 * first byte that cannot start a value as the rune of the same number (`'\u009e'`).
 */
function binarySyntaxError(bytes: Uint8Array): string {
  let at = 0;
  while (at < bytes.length && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at]!)) at++;
  if (at >= bytes.length) return 'unexpected end of JSON input';
  const first = String.fromCharCode(bytes[at]!);
  if (!/[{["\-0-9tfn]/.test(first)) return `invalid character ${goQuoteRune(first)} looking for beginning of value`;
  return goJsonSyntaxError(String.fromCharCode(...bytes)) ?? 'unexpected end of JSON input';
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64UrlEncode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) out += alphabet[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/** Go's base64.RawURLEncoding.DecodeString: no padding, errors name the first bad byte. */
function base64UrlDecode(text: string): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const value = alphabet.indexOf(text[i]!);
    if (value < 0) throw new ContinueTokenError(`continue key is not valid: illegal base64 data at input byte ${i}`);
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push((buffer >> bits) & 0xff);
    }
  }
  if (text.length % 4 === 1) throw new ContinueTokenError(`continue key is not valid: illegal base64 data at input byte ${text.length - 1}`);
  return new Uint8Array(out);
}
