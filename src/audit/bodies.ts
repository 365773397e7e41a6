/**
 * Request and response bodies as an audit event carries them (kube logs the object it decoded
 * or encoded, as JSON): JSON and YAML bodies parsed, Protobuf ones decoded by the project's codec,
 * anything else left out. Managed fields are dropped when the policy says so (objects, list
 * items and Table rows' objects, as kube's copyWithoutManagedFields).
 */
import { decodeProtobufObject } from '../codecs/protobuf/index.js';
import { parseYaml } from '../apimachinery/yaml.js';
import { isJsonObject } from '../apimachinery/json-value.js';

/** The object a body of `contentType` holds, or undefined. */
export function bodyObject(bytes: Uint8Array, contentType: string | null): unknown {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  try {
    if (mediaType === 'application/vnd.kubernetes.protobuf') {
      const decoded = decodeProtobufObject(bytes);
      return { kind: decoded.kind, apiVersion: decoded.apiVersion, ...decoded.object };
    }
    const text = new TextDecoder().decode(bytes);
    if (mediaType.endsWith('json')) return JSON.parse(text);
    if (mediaType.endsWith('yaml')) return parseYaml(text);
  } catch {
    return undefined;
  }
  return undefined;
}

/** A copy without metadata.managedFields (of the object, its items, its Table rows' objects). */
export function withoutManagedFields(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const copy: Record<string, unknown> = { ...value };
  if (isJsonObject(copy.metadata) && 'managedFields' in copy.metadata) {
    const { managedFields: _, ...metadata } = copy.metadata;
    copy.metadata = metadata;
  }
  if (Array.isArray(copy.items)) copy.items = copy.items.map(withoutManagedFields);
  if (Array.isArray(copy.rows)) copy.rows = copy.rows.map((row) => (isJsonObject(row) ? { ...row, object: withoutManagedFields(row.object) } : row));
  return copy;
}
