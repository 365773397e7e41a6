/**
 * An independent reader of application/vnd.kubernetes.protobuf: protobufjs driven by kube's own
 * generated.proto files (reference/proto, v1.26.0), sharing no code with src/codecs/protobuf.
 * Tests use it to check that what the server writes is what kube's schema says, and the
 * reverse. The only kube knowledge written here is what the .proto files cannot say: which
 * messages have a non-object JSON form (Time, Quantity, IntOrString, RawExtension...), which
 * fields are embedded with json:",inline", and the few proto names that differ from the JSON.
 */
import protobuf from 'protobufjs';

// Node built-ins are loaded untyped: tsconfig types the Worker runtime only (see catalog.test.ts).
const nodeModule = (name: string): Promise<any> => import(name);
const { readdirSync } = await nodeModule('node:fs');
const { dirname, join, relative } = await nodeModule('node:path');
const { fileURLToPath } = await nodeModule('node:url');

const PROTO_DIR: string = join(dirname(fileURLToPath((import.meta as unknown as { url: string }).url)), '../../reference/proto');
const META = 'k8s.io.apimachinery.pkg.apis.meta.v1';
const MAGIC = [0x6b, 0x38, 0x73, 0x00];

type Json = Record<string, unknown>;

/** A decoded object: TypeMeta from the envelope, the message as protobufjs's toObject gives it. */
export interface UpstreamObject {
  apiVersion: string;
  kind: string;
  message: Json;
}

function protoFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry: any) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return protoFiles(path);
    return entry.name.endsWith('.proto') ? [relative(PROTO_DIR, path)] : [];
  });
}

function loadRoot(): protobuf.Root {
  const root = new protobuf.Root();
  // Imports name files as Go import paths ("k8s.io/api/core/v1/generated.proto").
  root.resolvePath = (_origin, target) => join(PROTO_DIR, target);
  root.loadSync(protoFiles(PROTO_DIR), { keepCase: true }).resolveAll();
  return root;
}

/** Every message of kube's .proto files, field names exactly as written there. */
export const upstreamRoot: protobuf.Root = loadRoot();

/** Packages holding messages, by name without the leading dot. */
const packages = new Map<string, protobuf.Namespace>();
(function collect(ns: protobuf.NamespaceBase): void {
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type && ns instanceof protobuf.Namespace) packages.set(ns.fullName.slice(1), ns);
    else if (nested instanceof protobuf.Namespace) collect(nested);
  }
})(upstreamRoot);

const lookupType = (name: string): protobuf.Type => upstreamRoot.lookupType(name);

/**
 * The message of a kind: the package whose last two segments are the group's first label and
 * the version ("rbac.authorization.k8s.io/v1" -> *.rbac.v1, "v1" -> *.core.v1); meta.k8s.io kinds
 * (Status, WatchEvent, ...) are found under every group version, as kube registers them.
 */
export function messageTypeFor(apiVersion: string, kind: string): protobuf.Type {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
  const suffix = `.${group ? group.split('.')[0] : 'core'}.${version}`;
  for (const [name, ns] of packages) {
    if (name.endsWith(suffix) && ns.get(kind) instanceof protobuf.Type) return ns.get(kind) as protobuf.Type;
  }
  const meta = packages.get(META)?.get(kind);
  if (meta instanceof protobuf.Type) return meta;
  throw new Error(`no upstream message for apiVersion "${apiVersion}", kind "${kind}"`);
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: Number, bytes: String, defaults: false };

/** Splits a `k8s\0` + runtime.Unknown envelope; throws without the magic. */
export function decodeEnvelope(bytes: Uint8Array): {
  apiVersion: string; kind: string; raw: Uint8Array; contentEncoding: string; contentType: string;
} {
  if (bytes.length < 4 || MAGIC.some((b, i) => bytes[i] !== b)) throw new Error('missing the k8s\\0 magic');
  const unknown = lookupType('k8s.io.apimachinery.pkg.runtime.Unknown').decode(bytes.subarray(4)) as any;
  return {
    apiVersion: unknown.typeMeta?.apiVersion ?? '',
    kind: unknown.typeMeta?.kind ?? '',
    raw: unknown.raw ?? new Uint8Array(0),
    contentEncoding: unknown.contentEncoding ?? '',
    contentType: unknown.contentType ?? '',
  };
}

/** Wraps a protobufjs-encoded message the way the API concepts document describes. */
export function encodeEnvelope(apiVersion: string, kind: string, raw: Uint8Array): Uint8Array {
  const Unknown = lookupType('k8s.io.apimachinery.pkg.runtime.Unknown');
  const body = Unknown.encode(Unknown.create({ typeMeta: { apiVersion, kind }, raw })).finish();
  return new Uint8Array([...MAGIC, ...body]);
}

/** Decodes an enveloped object with the message its TypeMeta names. */
export function decodeUpstream(bytes: Uint8Array): UpstreamObject {
  const { apiVersion, kind, raw, contentEncoding } = decodeEnvelope(bytes);
  if (contentEncoding) throw new Error(`unexpected contentEncoding "${contentEncoding}"`);
  const type = messageTypeFor(apiVersion, kind);
  return { apiVersion, kind, message: type.toObject(type.decode(raw), TO_OBJECT) };
}

/** Splits a Protobuf watch stream: frames of a 4-byte big-endian length and a raw WatchEvent. */
export function decodeWatchFrames(bytes: Uint8Array): Array<{ type: string; object: UpstreamObject }> {
  const WatchEvent = lookupType(`${META}.WatchEvent`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const events: Array<{ type: string; object: UpstreamObject }> = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 4 > bytes.length) throw new Error(`truncated frame length at byte ${at}`);
    const end = at + 4 + view.getUint32(at);
    if (end > bytes.length) throw new Error(`truncated frame at byte ${at}`);
    const event = WatchEvent.decode(bytes.subarray(at + 4, end)) as any;
    events.push({ type: event.type, object: decodeUpstream(event.object?.raw ?? new Uint8Array(0)) });
    at = end;
  }
  return events;
}

// ---- kube JSON of a protobufjs object -------------------------------------------------------

/** Go fields embedded with json:",inline" that have a proto field of their own (kube's types.go). */
const INLINE = new Set([
  'k8s.io.api.admissionregistration.v1.RuleWithOperations.rule',
  'k8s.io.api.core.v1.ConfigMapEnvSource.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapKeySelector.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapProjection.localObjectReference',
  'k8s.io.api.core.v1.ConfigMapVolumeSource.localObjectReference',
  'k8s.io.api.core.v1.SecretEnvSource.localObjectReference',
  'k8s.io.api.core.v1.SecretKeySelector.localObjectReference',
  'k8s.io.api.core.v1.SecretProjection.localObjectReference',
  'k8s.io.api.core.v1.EphemeralContainer.ephemeralContainerCommon',
  'k8s.io.api.core.v1.PersistentVolumeSpec.persistentVolumeSource',
  'k8s.io.api.core.v1.Probe.handler',
  'k8s.io.api.core.v1.Volume.volumeSource',
  'k8s.io.api.networking.v1.IngressRule.ingressRuleValue',
]);

/** Proto field names that differ from the JSON name, by field. */
const RENAMES: Record<string, string> = {
  'k8s.io.api.admissionregistration.v1.MutatingWebhookConfiguration.Webhooks': 'webhooks',
  'k8s.io.api.admissionregistration.v1.ValidatingWebhookConfiguration.Webhooks': 'webhooks',
  'k8s.io.api.authentication.v1.BoundObjectReference.uID': 'uid',
  'k8s.io.api.networking.v1.IngressClassParametersReference.aPIGroup': 'apiGroup',
};
const SCHEMA_PROPS = 'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps';

const nameOf = (reflection: protobuf.ReflectionObject): string => reflection.fullName.slice(1);

function jsonName(field: protobuf.Field): string {
  const renamed = RENAMES[nameOf(field)];
  if (renamed) return renamed;
  if (nameOf(field.parent!) !== SCHEMA_PROPS) return field.name;
  if (field.name === 'ref' || field.name === 'schema') return `$${field.name}`;
  if (!field.name.startsWith('xKubernetes')) return field.name;
  return `x-kubernetes${field.name.slice('xKubernetes'.length).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const parseJsonBytes = (text: unknown): unknown =>
  text === undefined ? null : JSON.parse(new TextDecoder().decode(fromBase64(text as string)));

function formatTime(m: Json, micro: boolean): string | null {
  // An empty Time is Go's zero time, which kube's JSON prints as null.
  if (m.seconds === undefined && m.nanos === undefined) return null;
  const iso = new Date(Number(m.seconds ?? 0) * 1000).toISOString().slice(0, 19);
  const fraction = micro ? `.${String(Math.floor(Number(m.nanos ?? 0) / 1000)).padStart(6, '0')}` : '';
  return `${iso}${fraction}Z`;
}

function rawExtension(m: Json): unknown {
  if (m.raw === undefined) return null;
  const bytes = fromBase64(m.raw as string);
  // A watch event's object, and any RawExtension kube fills from Protobuf, holds an envelope.
  if (MAGIC.every((b, i) => bytes[i] === b)) return kubeJsonOf(decodeUpstream(bytes));
  return parseJsonBytes(m.raw);
}

const schema = (message: unknown): unknown => convert(lookupType(SCHEMA_PROPS), message as Json);

/** Messages whose kube JSON is not an object (their Go types have custom JSON marshalling). */
const SPECIAL: Record<string, (m: Json) => unknown> = {
  [`${META}.Time`]: (m) => formatTime(m, false),
  [`${META}.MicroTime`]: (m) => formatTime(m, true),
  [`${META}.FieldsV1`]: (m) => parseJsonBytes(m.Raw),
  'k8s.io.apimachinery.pkg.api.resource.Quantity': (m) => m.string ?? '',
  'k8s.io.apimachinery.pkg.util.intstr.IntOrString': (m) => (m.type === 1 ? m.strVal ?? '' : m.intVal ?? 0),
  'k8s.io.apimachinery.pkg.runtime.RawExtension': rawExtension,
  'k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.JSON': (m) => parseJsonBytes(m.raw),
  [`${SCHEMA_PROPS}OrArray`]: (m) => (m.schema ? schema(m.schema) : ((m.jSONSchemas ?? []) as unknown[]).map(schema)),
  [`${SCHEMA_PROPS}OrBool`]: (m) => (m.schema ? schema(m.schema) : m.allows ?? false),
  [`${SCHEMA_PROPS}OrStringArray`]: (m) => (m.schema ? schema(m.schema) : m.property ?? []),
};

/** A Go named []string (metav1.Verbs, ExtraValue): a message whose only field is repeated `items`. */
const isStringList = (type: protobuf.Type): boolean =>
  type.fieldsArray.length === 1 && type.fieldsArray[0]!.name === 'items' && type.fieldsArray[0]!.repeated &&
  type.fieldsArray[0]!.type === 'string';

function convertValue(field: protobuf.Field, value: unknown): unknown {
  return field.resolvedType instanceof protobuf.Type ? convert(field.resolvedType, value as Json) : value;
}

function convert(type: protobuf.Type, message: Json): unknown {
  const special = SPECIAL[nameOf(type)];
  if (special) return special(message);
  if (isStringList(type)) return message.items ?? [];
  const out: Json = {};
  for (const [name, value] of Object.entries(message)) {
    const field = type.fields[name]!;
    let json: unknown;
    if (field.map) json = Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, convertValue(field, v)]));
    else if (field.repeated) json = (value as unknown[]).map((v) => convertValue(field, v));
    else json = convertValue(field, value);
    if (INLINE.has(nameOf(field))) Object.assign(out, json);
    else out[jsonName(field)] = json;
  }
  return out;
}

/** The kube JSON of a decoded object, kind and apiVersion first as kube writes them. */
export function kubeJsonOf(object: UpstreamObject): Json {
  const body = convert(messageTypeFor(object.apiVersion, object.kind), object.message) as Json;
  return { kind: object.kind, apiVersion: object.apiVersion, ...body };
}

// ---- semantic comparison -------------------------------------------------------------------

/** The fields of a message by JSON name, inline messages' fields included. */
function jsonFieldsOf(type: protobuf.Type): Map<string, protobuf.Field> {
  const fields = new Map<string, protobuf.Field>();
  for (const field of type.fieldsArray) {
    if (INLINE.has(nameOf(field))) for (const [k, f] of jsonFieldsOf(field.resolvedType as protobuf.Type)) fields.set(k, f);
    else fields.set(jsonName(field), field);
  }
  return fields;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A Go zero value: what gogo writes for an unset value field, and kube's JSON omits. */
function isZero(value: unknown): boolean {
  if (Array.isArray(value)) return value.length === 0;
  if (isObject(value)) return Object.values(value).every(isZero);
  return value === undefined || value === null || value === '' || value === 0 || value === false;
}

type Pair = [unknown, unknown];

const SCHEMA_UNIONS = new Set(['OrArray', 'OrBool', 'OrStringArray'].map((suffix) => `${SCHEMA_PROPS}${suffix}`));

/** Aligns one value of a message type: a schema union holds a schema or a list of them. */
function alignValue(type: protobuf.Type, got: unknown, want: unknown): Pair {
  if (SCHEMA_UNIONS.has(nameOf(type))) {
    if (!Array.isArray(got) || !Array.isArray(want)) return alignValue(lookupType(SCHEMA_PROPS), got, want);
    return alignList(lookupType(SCHEMA_PROPS), got, want);
  }
  return SPECIAL[nameOf(type)] ? [got, want] : alignMessage(type, got, want);
}

function alignList(type: protobuf.Type, got: unknown[], want: unknown[]): Pair {
  if (got.length !== want.length) return [got, want];
  const pairs = want.map((w, i) => alignValue(type, got[i], w));
  return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
}

function alignField(field: protobuf.Field | undefined, got: unknown, want: unknown): Pair {
  const type = field?.resolvedType;
  if (!(type instanceof protobuf.Type)) return [got, want];
  if (field!.map) {
    if (!isObject(got) || !isObject(want)) return [got, want];
    const pairs = Object.keys(want).map((k) => [k, alignValue(type, got[k], want[k])] as const);
    return [{ ...got, ...Object.fromEntries(pairs.map(([k, p]) => [k, p[0]])) }, Object.fromEntries(pairs.map(([k, p]) => [k, p[1]]))];
  }
  if (field!.repeated) return Array.isArray(got) && Array.isArray(want) ? alignList(type, got, want) : [got, want];
  return alignValue(type, got, want);
}

function alignMessage(type: protobuf.Type, got: unknown, want: unknown): Pair {
  if (!isObject(got) || !isObject(want)) return [got, want];
  const fields = jsonFieldsOf(type);
  const outGot: Json = {};
  const outWant: Json = {};
  for (const key of new Set([...Object.keys(got), ...Object.keys(want)])) {
    const field = fields.get(key);
    let g = got[key];
    let w: unknown = want[key] === null ? undefined : want[key];
    // Protobuf carries TypeMeta only in the envelope: list items and embedded objects have none.
    if (!field && (key === 'kind' || key === 'apiVersion') && g === undefined) w = undefined;
    if (w === undefined && isZero(g)) g = undefined;
    // An empty list or map has no bytes on the wire.
    if ((field?.repeated || field?.map) && g === undefined && isZero(w)) w = undefined;
    [g, w] = alignField(field, g, w);
    if (g !== undefined) outGot[key] = g;
    if (w !== undefined) outWant[key] = w;
  }
  return [outGot, outWant];
}

/**
 * The decoded form and the kube JSON of one object, reduced to what Protobuf can tell apart:
 * JSON nulls, zero values of fields the JSON lacks (gogo writes every Go value field; a
 * pointer's zero and a value field's zero look alike on the wire), empty lists and maps, and
 * TypeMeta of nested objects are dropped. Compare the two with toEqual.
 */
export function alignForComparison(decoded: Json, kubeJson: Json): { got: Json; want: Json } {
  const type = messageTypeFor(String(kubeJson.apiVersion), String(kubeJson.kind));
  const [got, want] = alignMessage(type, decoded, kubeJson);
  return { got: got as Json, want: want as Json };
}
