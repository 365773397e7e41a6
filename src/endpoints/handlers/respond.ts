/**
 * Writing responses: the negotiated encoding, the conversions kubectl asks for (Table,
 * PartialObjectMetadata), and the headers kube-apiserver sends on every API response.
 */
import { encodeBody } from '../../codecs/encode-body.js';
import { type Endpoint, type OutputFormat, negotiateOutput, type Target } from '../../codecs/negotiate.js';
import { partialObjectMetadata } from '../../codecs/partial-metadata.js';
import { printerFor } from '../../codecs/printer-registry.js';
import { type IncludeObject, toTable } from '../../codecs/table.js';
import { badRequest } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { WarningRecorder } from '../../schema/index.js';
import type { RequestScope } from './scope.js';
import { sizedResponse } from './sized-response.js';

/** kube pretty-prints for `?pretty=true` and for curl, wget and browsers. */
export function wantsPretty(request: Request, url: URL): boolean {
  const pretty = url.searchParams.get('pretty');
  if (pretty !== null) return pretty !== 'false' && pretty !== '0';
  const agent = request.headers.get('user-agent') ?? '';
  return agent.startsWith('curl') || agent.startsWith('Wget') || agent.startsWith('Mozilla/5.0');
}

/** Encodes `body` in the negotiated format. */
export function encodedResponse(body: unknown, format: OutputFormat, status: number, pretty: boolean, headers: HeadersInit = {}): Response {
  const response = sizedResponse(encodeBody(body, format, pretty), { status, headers });
  response.headers.set('content-type', format.mediaType);
  return response;
}

/**
 * Adds the request's warnings to a response, one Warning header each, as kube's recorder keeps
 * them (duplicates dropped, long lists truncated). kube writes header text as raw UTF-8; Workers
 * headers hold Latin-1 characters, so each UTF-8 byte travels as one Latin-1 character, which
 * puts the same bytes on the wire.
 */
export function withWarnings(response: Response, warnings: string[]): Response {
  if (!warnings.length) return response;
  const recorder = new WarningRecorder();
  for (const warning of warnings) recorder.add(warning);
  for (const value of recorder.values()) response.headers.append('warning', utf8AsLatin1(value));
  return response;
}

function utf8AsLatin1(text: string): string {
  return /^[\x00-\xff]*$/.test(text) ? text : String.fromCharCode(...new TextEncoder().encode(text));
}

/** The format of a handler's response; 406 if the client accepts nothing the endpoint can produce. */
export function outputFormat(scope: RequestScope, target: Target): OutputFormat {
  return negotiateOutput(scope.request.headers.get('accept'), endpointOf(scope, target));
}

/** What negotiation needs to know of the endpoint serving `scope`. */
export function endpointOf(scope: RequestScope, target: Target): Endpoint {
  const custom = !!scope.type.custom;
  const collection = scope.info.verb === 'list' || scope.info.verb === 'watch';
  return { target, custom, builtin: !custom, collection };
}

/** The Table's includeObject option (Metadata unless the client says None or Object). */
export function includeObject(url: URL): IncludeObject {
  const value = url.searchParams.get('includeObject') ?? '';
  if (value === '' || value === 'Metadata') return 'Metadata';
  if (value === 'None' || value === 'Object') return value;
  throw badRequest(`includeObject: unsupported value ${JSON.stringify(value)}`);
}

/** Responds with one object: as itself, a one-row Table, or its PartialObjectMetadata. */
export function respondObject(scope: RequestScope, object: KubeObject, status = 200): Response {
  const format = outputFormat(scope, 'object');
  const pretty = wantsPretty(scope.request, scope.url);
  return withWarnings(encodedResponse(convertedObject(scope, object, format), format, status, pretty), scope.warnings);
}

function convertedObject(scope: RequestScope, object: KubeObject, format: OutputFormat): unknown {
  if (format.conversion === 'Table') return tableOf(scope, [object], { resourceVersion: object.metadata.resourceVersion }, format);
  if (format.conversion === 'PartialObjectMetadata') return partialObjectMetadata(object, format.conversionVersion);
  return object;
}

function tableOf(scope: RequestScope, objects: KubeObject[], meta: object, format: OutputFormat) {
  const options = { includeObject: includeObject(scope.url), version: format.conversionVersion ?? 'v1', now: scope.now };
  return toTable(objects, printerFor(scope.type), meta, options);
}
