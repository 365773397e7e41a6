/**
 * Content negotiation as kube-apiserver does it (k8s.io/apiserver/pkg/endpoints/handlers/negotiation
 * plus go-restful's route check in front of built-in resources):
 *
 * 1. Built-in routes first go through go-restful, which accepts the request when one Accept
 *    clause, parameters stripped, is `*\/*` or exactly one of the route's media types (collection
 *    GETs also list the watch stream types). Otherwise: 406 `Available representations: ...`.
 * 2. kube's negotiation: clauses best first (quality, then specificity); for each clause, each
 *    serializer it matches (`type/subtype`, `type/*`, `*\/*`) in serializer order; the first whose
 *    parameters the endpoint accepts wins: `as`/`g`/`v` ask for a conversion (Table in JSON or
 *    YAML only, PartialObjectMetadata in any encoding), `stream=watch` needs a stream serializer,
 *    and without a conversion a custom resource endpoint serves no Protobuf. Nothing: 406
 *    `only the following media types are accepted: ...`.
 * 3. A watch then needs the chosen serializer to have a stream form (YAML has none): else 406
 *    listing the stream media types.
 */
import { notAcceptable, onlyAccepted, unsupportedMediaType } from '../apimachinery/status.js';
import { type AcceptClause, essence, parseAccept, parseMediaType } from './media-type.js';

export type Encoding = 'json' | 'yaml' | 'protobuf' | 'cbor';
export type Conversion = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';

export interface OutputFormat {
  encoding: Encoding;
  /** The Content-Type to send (of a watch stream, for a stream format). */
  mediaType: string;
  conversion?: Conversion;
  /** The meta.k8s.io version asked for with the conversion (v1 or v1beta1). */
  conversionVersion?: string;
}

/** What kind of response an endpoint produces, which decides the conversions it offers. */
export type Target = 'object' | 'list' | 'status';

/** The endpoint a response is negotiated for. */
export interface Endpoint {
  target: Target;
  /** A custom resource: no Protobuf (kube's unstructured serializers cannot write it). */
  custom?: boolean;
  /** A built-in resource route: go-restful checks Accept against `routeMediaTypes` first. */
  builtin?: boolean;
  /** A collection GET (list and watch): its route also produces the watch stream types. */
  collection?: boolean;
}

interface Serializer {
  encoding: Encoding;
  type: string;
  subtype: string;
  /** The Content-Type of its watch stream; none for YAML. */
  stream?: string;
}

/** kube's serializers in its codec factory's order (CBOR, on here by default, is appended last). */
const serializers: readonly Serializer[] = [
  { encoding: 'json', type: 'application', subtype: 'json', stream: 'application/json' },
  { encoding: 'yaml', type: 'application', subtype: 'yaml' },
  { encoding: 'protobuf', type: 'application', subtype: 'vnd.kubernetes.protobuf', stream: 'application/vnd.kubernetes.protobuf;stream=watch' },
  { encoding: 'cbor', type: 'application', subtype: 'cbor', stream: 'application/cbor-seq' },
];

const mediaTypeOf = (serializer: Serializer) => `${serializer.type}/${serializer.subtype}`;

/** The media types the server writes, as kube's 406 and 415 messages list them. */
export const supportedMediaTypes: readonly string[] = serializers.map(mediaTypeOf);

/** The watch stream media types, as kube lists them (MediaTypesForSerializer). */
export const streamMediaTypes: readonly string[] = serializers
  .filter((serializer) => serializer.stream)
  .map((serializer) => (serializer.encoding === 'cbor' ? serializer.stream! : `${mediaTypeOf(serializer)};stream=watch`));

/** Chooses the output format of a response; throws 406 when nothing acceptable can be produced. */
export function negotiateOutput(accept: string | null | undefined, endpoint: Target | Endpoint): OutputFormat {
  const options = typeof endpoint === 'string' ? { target: endpoint } : endpoint;
  if (options.builtin) checkRouteAccepts(accept, routeMediaTypes(options));
  for (const clause of parseAccept(accept)) {
    for (const serializer of serializers) {
      if (!matches(clause, serializer)) continue;
      const format = formatFor(clause, serializer, options);
      if (format) return format;
    }
  }
  throw onlyAccepted(supportedMediaTypes);
}

/** The format of a watch stream: negotiated as a response, then it must have a stream form. */
export function negotiateStream(accept: string | null | undefined, endpoint: Endpoint): OutputFormat {
  const format = negotiateOutput(accept, endpoint);
  const serializer = serializers.find((candidate) => candidate.encoding === format.encoding)!;
  if (!serializer.stream) throw onlyAccepted(streamMediaTypes);
  return { ...format, mediaType: serializer.stream };
}

/** The media types go-restful lists for a built-in route. */
function routeMediaTypes(endpoint: Endpoint): readonly string[] {
  return endpoint.collection ? [...supportedMediaTypes, ...streamMediaTypes] : supportedMediaTypes;
}

/** go-restful's Route.matchesAccept: parameters stripped, exact match or `*\/*`; no `type/*`. */
function checkRouteAccepts(accept: string | null | undefined, produces: readonly string[]): void {
  if (!accept) return;
  for (const part of accept.split(',')) {
    const mediaType = part.split(';')[0]!.trim();
    if (mediaType === '*/*' || produces.includes(mediaType)) return;
  }
  throw notAcceptable(produces);
}

function matches(clause: AcceptClause, serializer: Serializer): boolean {
  if (clause.type === '*' && clause.subtype === '*') return true;
  return clause.type === serializer.type && (clause.subtype === '*' || clause.subtype === serializer.subtype);
}

function formatFor(clause: AcceptClause, serializer: Serializer, endpoint: Endpoint): OutputFormat | null {
  const { as, g, v, stream } = clause.params;
  if (stream && (stream !== 'watch' || !serializer.stream)) return null;
  const { encoding } = serializer;
  const mediaType = mediaTypeOf(serializer);
  if (as === undefined && g === undefined && v === undefined) {
    return endpoint.custom && encoding === 'protobuf' ? null : { encoding, mediaType };
  }
  const conversion = conversionFor(as, g, v, endpoint.target);
  if (!conversion || (conversion === 'Table' && encoding !== 'json' && encoding !== 'yaml')) return null;
  return { encoding, mediaType, conversion, conversionVersion: v! };
}

function conversionFor(as: string | undefined, group: string | undefined, version: string | undefined, target: Target): Conversion | null {
  if (group !== 'meta.k8s.io' || (version !== 'v1' && version !== 'v1beta1') || target === 'status') return null;
  if (as === 'Table') return 'Table';
  if (as === 'PartialObjectMetadata' && target === 'object') return 'PartialObjectMetadata';
  if (as === 'PartialObjectMetadataList' && target === 'list') return 'PartialObjectMetadataList';
  return null;
}

/** Media types request bodies may have, in the order 415 messages list them. */
const bodyDecoders: Readonly<Record<string, Encoding>> = Object.fromEntries(
  serializers.map((serializer) => [mediaTypeOf(serializer), serializer.encoding]),
);

/** The encoding of a request body; empty Content-Type means JSON. Throws 415 for anything else. */
export function negotiateInput(contentType: string | null | undefined): Encoding {
  if (!contentType || !contentType.trim()) return 'json';
  const encoding = bodyDecoders[essence(parseMediaType(contentType))];
  if (!encoding) throw unsupportedMediaType(supportedMediaTypes);
  return encoding;
}
