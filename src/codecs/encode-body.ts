/**
 * A response body in the negotiated encoding: JSON and YAML as text, Protobuf with kube's `k8s\0`
 * envelope, CBOR with the self-describe tag. Every value passed here carries apiVersion and kind
 * (objects, typed and unstructured lists, Tables, PartialObjectMetadata, Status).
 */
import { encodeCborObject } from './cbor/index.js';
import { renderJson } from './json.js';
import type { OutputFormat } from './negotiate.js';
import { encodeProtobufObject } from './protobuf/index.js';
import { renderYaml } from '../apimachinery/yaml.js';

type Typed = { apiVersion: string; kind: string; [key: string]: unknown };

export function encodeBody(value: unknown, format: OutputFormat, pretty: boolean): string | Uint8Array {
  switch (format.encoding) {
    case 'yaml': return renderYaml(value);
    case 'protobuf': return encodeProtobufObject(value as Typed);
    case 'cbor': return encodeCborObject(value as Typed);
    default: return renderJson(value, pretty);
  }
}
