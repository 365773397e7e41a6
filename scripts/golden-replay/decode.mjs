// Response bodies as comparable values: JSON (watch streams as arrays of events), YAML parsed,
// text bodies that hold JSON parsed (the /openapi/v3 index is text/plain), Protobuf as a
// schema-less tree of its wire fields, other text as it is.
import { load as loadYaml } from 'js-yaml';
import { decodeWire } from './protobuf-wire.mjs';

/** The recorded body (already parsed by the recorder; binary as {base64, hex}) as a comparable value. */
export function recordedBody(body, contentType) {
  if (body && typeof body === 'object' && typeof body.base64 === 'string') return decodeWire(Buffer.from(body.base64, 'base64'));
  if (typeof body === 'string') return textBody(body, contentType);
  return body;
}

/** A live response's body (a Buffer) as a comparable value. */
export function liveBody(buffer, contentType, isWatch) {
  const type = (contentType ?? '').split(';')[0].trim();
  if (type.includes('protobuf') || type.includes('cbor')) return decodeWire(buffer);
  const text = buffer.toString('utf8');
  if (isWatch && type === 'application/json') {
    return text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line));
  }
  if (type === 'application/json') {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return textBody(text, contentType);
}

function textBody(text, contentType) {
  const type = (contentType ?? '').split(';')[0].trim();
  if (type === 'application/yaml') return { yaml: loadYaml(text) };
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
