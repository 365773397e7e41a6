/**
 * Request bodies: size-limited reading, decoding by Content-Type, and the checks kube's decoder
 * makes before an object reaches the registry (a JSON object, kind and apiVersion matching the
 * endpoint, metadata an object). Error texts follow kube's transformDecodeError.
 */
import { apiVersionOf, type ResourceType } from '../../api/catalog.js';
import { type Encoding, negotiateInput } from '../../codecs/negotiate.js';
import { CborDecodeError, decodeCborObject } from '../../codecs/cbor/index.js';
import { ProtobufDecodeError, decodeProtobufObject } from '../../codecs/protobuf/index.js';
import { goJsonTypeName } from '../../apimachinery/go-json-errors.js';
import { JsonSyntaxError, parseJsonStrict, parseYamlStrict, schemaNameForKind, type StrictDecoded } from '../../schema/index.js';
import { goQuote } from '../../apimachinery/go-format.js';
import { badRequest } from '../../apimachinery/status.js';
import type { KubeObject } from '../../apimachinery/object.js';
import { isJsonObject } from '../../apimachinery/object.js';

import { readBodyBytes } from './request-body.js';
import { utf8Text } from '../../apimachinery/utf8.js';

export { readBodyBytes } from './request-body.js';

/** A parsed body: the value, what strict decoding saw (JSON and YAML), or the decoder's message. */
export interface ParsedBody {
  value?: unknown;
  strict?: StrictDecoded;
  error?: string;
}

/** The apiVersion and kind of a type's objects. */
export function apiVersionAndKind(type: ResourceType): { apiVersion: string; kind: string } {
  return { apiVersion: apiVersionOf(type.group, type.version), kind: type.kind };
}

/**
 * Parses a body in `encoding` into a JSON value, noting duplicate fields (JSON, YAML). A CBOR
 * body's byte strings become base64 at the []byte fields of its kind (or `fallback`'s, the
 * endpoint's); CBOR refuses duplicate keys outright, as kube's decoder does, and indefinite
 * lengths, which this server's contract rules out (kube v1.32 would accept them).
 */
export function parseBody(body: Uint8Array, encoding: Encoding, fallback?: { apiVersion: string; kind: string }): ParsedBody {
  if (encoding === 'cbor') return binary(() => decodeCborObject(body, fallback, { refuseIndefiniteLength: true }), CborDecodeError);
  if (encoding === 'protobuf') return binary(() => decodeProtobufObject(body).object, ProtobufDecodeError);
  const text = utf8Text(body);
  try {
    const strict = encoding === 'yaml' ? parseYamlStrict(text) : parseJsonStrict(text);
    return { value: strict.value, strict };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { error: `couldn't get version/kind; json parse error: ${error.message}` };
    if (encoding === 'yaml') return { error: `error converting YAML to JSON: yaml: ${firstLine(error)}` };
    throw error;
  }
}

/** A binary decoder's value, or the message of its decoding error (other errors are bugs). */
function binary(decode: () => unknown, DecodeError: new (...args: never[]) => Error): ParsedBody {
  try {
    return { value: decode() };
  } catch (error) {
    if (error instanceof DecodeError) return { error: error.message };
    throw error;
  }
}

/** An object decoded from a request body, with what strict decoding saw of its text. */
export interface DecodedBody {
  object: KubeObject;
  strict?: StrictDecoded;
}

/**
 * Reads and decodes the object of a create or update of `type`; `alsoAccepted` lists other
 * apiVersions whose objects of the same kind the endpoint takes as they are (kube's
 * GroupVersionAcceptor: an Eviction in policy/v1beta1).
 */
export async function decodeObjectBody(request: Request, type: ResourceType, alsoAccepted: readonly string[] = []): Promise<DecodedBody> {
  const encoding = negotiateInput(request.headers.get('content-type'));
  const body = await readBodyBytes(request);
  const parsed = parseBody(body, encoding, apiVersionAndKind(type));
  if (parsed.error !== undefined) throw unrecognized(type, parsed.error, body);
  return { object: asTypedObject(parsed.value, type, body, { alsoAccepted }), strict: parsed.strict };
}

export interface TypedObjectOptions {
  alsoAccepted?: readonly string[];
  typeErrorStatus?: (typeError: string) => Error;
}

/**
 * Checks that a decoded value is an object of `type`, filling kind and apiVersion when absent.
 * `alsoAccepted`: other apiVersions of the same kind the endpoint takes as they are;
 * `typeErrorStatus`: the error for a metadata of the wrong JSON type (a patch answers it its own way).
 */
export function asTypedObject(value: unknown, type: ResourceType, body: Uint8Array | string, options: TypedObjectOptions = {}): KubeObject {
  const { alsoAccepted = [], typeErrorStatus } = options;
  if (!isJsonObject(value)) {
    throw unrecognized(type, `couldn't get version/kind; json parse error: json: cannot unmarshal ${goJsonTypeName(value)} into Go value of type struct { APIVersion string "json:\\"apiVersion,omitempty\\""; Kind string "json:\\"kind,omitempty\\"" }`, body);
  }
  const apiVersion = apiVersionOf(type.group, type.version);
  const kind = typeof value.kind === 'string' ? value.kind : '';
  const bodyApiVersion = typeof value.apiVersion === 'string' ? value.apiVersion : '';
  const accepted = !bodyApiVersion || bodyApiVersion === apiVersion || alsoAccepted.includes(bodyApiVersion);
  if ((kind && kind !== type.kind) || !accepted) {
    const asVersion = bodyApiVersion || apiVersion;
    throw cannotBeHandled(kind || type.kind, asVersion, type, registered(type, asVersion, kind || type.kind, alsoAccepted));
  }
  if (value.metadata !== undefined && value.metadata !== null && !isJsonObject(value.metadata)) {
    const typeError = `json: cannot unmarshal ${goJsonTypeName(value.metadata)} into Go struct field ${type.kind}.metadata of type v1.ObjectMeta`;
    throw typeErrorStatus ? typeErrorStatus(typeError) : cannotBeHandled(type.kind, apiVersion, type, typeError);
  }
  return { ...value, kind: type.kind, apiVersion, metadata: (value.metadata ?? {}) as KubeObject['metadata'] };
}

/**
 * Why a built-in endpoint cannot take a kind kube's scheme does not know in that apiVersion (kube:
 * `no kind "X" is registered for version "g/v" in scheme ...`); undefined (an unknown
 * conversion) for a kind it knows, and for custom resources.
 */
function registered(type: ResourceType, apiVersion: string, kind: string, alsoAccepted: readonly string[]): string | undefined {
  if (type.custom || alsoAccepted.includes(apiVersion)) return undefined;
  const slash = apiVersion.indexOf('/');
  const [group, version] = slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)];
  if (schemaNameForKind(group, version, kind)) return undefined;
  return `no kind ${goQuote(kind)} is registered for version ${goQuote(apiVersion)} in scheme "pkg/api/legacyscheme/scheme.go:30"`;
}

function cannotBeHandled(kind: string, apiVersion: string, type: ResourceType, reason?: string): Error {
  const version = apiVersion.includes('/') ? apiVersion.slice(apiVersion.indexOf('/') + 1) : apiVersion;
  const internalPackage = type.group === '' ? 'core' : type.group.split('.')[0];
  const why = reason ?? `converting (${version}.${kind}) to (${internalPackage}.${type.kind}): unknown conversion`;
  return badRequest(`${kind} in version ${goQuote(version)} cannot be handled as a ${type.kind}: ${why}`);
}

/** kube's message for a body that is not an object of the endpoint's type. */
function unrecognized(type: ResourceType, reason: string, body: Uint8Array | string): Error {
  return badRequest(`the object provided is unrecognized (must be of type ${type.kind}): ${reason} (${summarize(body)})`);
}

/** kube's summarizeData: a JSON-looking body's first 30 bytes as text, anything else in hex. */
function summarize(body: Uint8Array | string): string {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  if (bytes.length === 0) return '<empty>';
  const head = bytes.slice(0, 30);
  const more = bytes.length > 30 ? ' ...' : '';
  if (bytes[0] === 0x7b) return utf8Text(head) + more;
  return Array.from(head, (byte) => byte.toString(16).padStart(2, '0')).join('') + more;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
