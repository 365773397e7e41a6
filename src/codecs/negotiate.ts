/**
 * Content negotiation as kube-apiserver does it (k8s.io/apiserver/pkg/endpoints/handlers/negotiation):
 * the first acceptable Accept clause wins; `as=`/`g=`/`v=` parameters ask for a server-side
 * conversion (Table, PartialObjectMetadata) that the endpoint must support; no match is 406.
 */
import { notAcceptable, unsupportedMediaType } from '../core/status.js';
import { type AcceptClause, essence, parseAccept, parseMediaType } from './media-type.js';

export type Encoding = 'json' | 'yaml';
export type Conversion = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';

export interface OutputFormat {
  encoding: Encoding;
  /** The Content-Type to send. */
  mediaType: string;
  conversion?: Conversion;
  /** The meta.k8s.io version asked for with the conversion (v1 or v1beta1). */
  conversionVersion?: string;
}

/** What kind of response an endpoint produces, which decides the conversions it offers. */
export type Target = 'object' | 'list' | 'status';

const serializers: Record<string, Encoding> = {
  'application/json': 'json',
  'application/yaml': 'yaml',
};

/** Media types the server writes, as 406 messages list them. */
export const supportedMediaTypes = Object.keys(serializers);

/** How a request body is encoded: what we write, plus kube's Protobuf (kubectl's typed clients send it). */
export type InputEncoding = Encoding | 'protobuf';

/** Media types request bodies may have, in the order 415 messages list them. */
export const bodyDecoders: Record<string, InputEncoding> = {
  'application/json': 'json',
  'application/yaml': 'yaml',
  'application/vnd.kubernetes.protobuf': 'protobuf',
};

/** Chooses the output format for `accept`; throws 406 when nothing acceptable can be produced. */
export function negotiateOutput(accept: string | null | undefined, target: Target): OutputFormat {
  for (const clause of parseAccept(accept)) {
    const format = formatFor(clause, target);
    if (format) return format;
  }
  throw notAcceptable(supportedMediaTypes);
}

function formatFor(clause: AcceptClause, target: Target): OutputFormat | null {
  const encoding = encodingFor(clause);
  if (!encoding) return null;
  const mediaType = encoding === 'json' ? 'application/json' : 'application/yaml';
  const { as, g, v } = clause.params;
  if (as === undefined) return g === undefined && v === undefined ? { encoding, mediaType } : null;
  const conversion = conversionFor(as, g, v, target);
  return conversion ? { encoding, mediaType, conversion, conversionVersion: v! } : null;
}

function encodingFor(clause: AcceptClause): Encoding | null {
  if (clause.type === '*' && clause.subtype === '*') return 'json';
  if (clause.type === 'application' && clause.subtype === '*') return 'json';
  return serializers[essence(clause)] ?? null;
}

function conversionFor(as: string, group: string | undefined, version: string | undefined, target: Target): Conversion | null {
  if (group !== 'meta.k8s.io' || (version !== 'v1' && version !== 'v1beta1') || target === 'status') return null;
  if (as === 'Table') return 'Table';
  if (as === 'PartialObjectMetadata' && target === 'object') return 'PartialObjectMetadata';
  if (as === 'PartialObjectMetadataList' && target === 'list') return 'PartialObjectMetadataList';
  return null;
}

/** The encoding of a request body; empty Content-Type means JSON. Throws 415 for anything else. */
export function negotiateInput(contentType: string | null | undefined, accepted: Record<string, InputEncoding> = bodyDecoders): InputEncoding {
  if (!contentType || !contentType.trim()) return 'json';
  const encoding = accepted[essence(parseMediaType(contentType))];
  if (!encoding) throw unsupportedMediaType(Object.keys(accepted));
  return encoding;
}
