/**
 * status.certificate of a CertificateSigningRequest (validateCertificate, kube v1.32): empty, or
 * PEM CERTIFICATE blocks without headers, each holding DER certificates. The DER check here is
 * structural (well-formed SEQUENCEs filling the block), not a full X.509 parse; anything that
 * fails it answers Go's `x509: malformed certificate`.
 */
import { fieldError, type FieldError } from '../../apimachinery/field-errors.js';

const beginPattern = /-----BEGIN ([^\n-]*)-----\r?\n/;

/** The validation error for a base64 `status.certificate`, if any. */
export function validateCertificateData(base64: unknown, path = 'status.certificate'): FieldError[] {
  const problem = certificateProblem(decodeBase64(base64));
  return problem ? [fieldError.invalid(path, '<certificate data>', problem)] : [];
}

/** True when the base64 data is present and is not valid certificate content. */
export const certificateInvalid = (base64: unknown): boolean => certificateProblem(decodeBase64(base64)) !== undefined;

function certificateProblem(text: string): string | undefined {
  if (!text) return undefined;
  let rest = text;
  let blocks = 0;
  for (;;) {
    const block = decodePem(rest);
    if (!block) break;
    if (block.type !== 'CERTIFICATE') return `only CERTIFICATE PEM blocks are allowed, found "${block.type}"`;
    if (block.headers) return 'no PEM block headers are permitted';
    if (!block.bytes || !derSequences(block.bytes)) return 'x509: malformed certificate';
    blocks++;
    rest = block.rest;
  }
  return blocks ? undefined : 'must contain at least one CERTIFICATE PEM block';
}

/** pem.Decode: the first block after any leading text, or null. */
function decodePem(text: string): { type: string; headers: boolean; bytes: Uint8Array | null; rest: string } | null {
  const begin = beginPattern.exec(text);
  if (!begin) return null;
  const type = begin[1]!;
  const bodyStart = begin.index + begin[0].length;
  const endMarker = `-----END ${type}-----`;
  const end = text.indexOf(endMarker, bodyStart);
  if (end < 0) return null;
  const lines = text.slice(bodyStart, end).split(/\r?\n/);
  const headers = lines.some((line) => line.includes(':'));
  const payload = lines.filter((line) => !line.includes(':')).join('').trim();
  return { type, headers, bytes: base64Bytes(payload), rest: text.slice(end + endMarker.length) };
}

/** One or more DER SEQUENCEs exactly filling `bytes`. */
function derSequences(bytes: Uint8Array): boolean {
  let offset = 0;
  while (offset < bytes.length) {
    if (bytes[offset] !== 0x30) return false;
    const length = derLength(bytes, offset + 1);
    if (!length) return false;
    offset = length.contentStart + length.value;
    if (offset > bytes.length) return false;
  }
  return bytes.length > 0;
}

function derLength(bytes: Uint8Array, at: number): { value: number; contentStart: number } | null {
  const first = bytes[at];
  if (first === undefined) return null;
  if (first < 0x80) return { value: first, contentStart: at + 1 };
  const count = first & 0x7f;
  if (count === 0 || count > 4) return null;
  let value = 0;
  for (let index = 1; index <= count; index++) {
    const byte = bytes[at + index];
    if (byte === undefined) return null;
    value = value * 256 + byte;
  }
  return { value, contentStart: at + 1 + count };
}

function decodeBase64(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const bytes = base64Bytes(value);
  return bytes ? new TextDecoder('latin1').decode(bytes) : '';
}

function base64Bytes(text: string): Uint8Array | null {
  try {
    return Uint8Array.from(atob(text), (character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}
