// Protobuf without a schema: each message becomes a list of [fieldNumber, value] pairs, where a
// length-delimited value is decoded as a nested message when it parses as one and is not
// printable text, else kept as a string (UTF-8) or hex. Enough to compare two encodings of the
// same object field by field once volatile strings are masked. kube's `k8s\0` prefix is kept as
// a marker.

const magic = Buffer.from([0x6b, 0x38, 0x73, 0x00]);

/** The wire tree of a kube Protobuf body (with or without the `k8s\0` envelope prefix). */
export function decodeWire(buffer) {
  if (buffer.subarray(0, 4).equals(magic)) return { envelope: 'k8s\\0', message: message(buffer.subarray(4)) ?? buffer.toString('hex') };
  return message(buffer) ?? buffer.toString('hex');
}

function message(buffer) {
  const fields = [];
  let offset = 0;
  while (offset < buffer.length) {
    const key = varint(buffer, offset);
    if (!key) return null;
    offset = key.next;
    const field = Number(key.value >> 3n);
    const wireType = Number(key.value & 7n);
    if (field === 0) return null;
    if (wireType === 0) {
      const value = varint(buffer, offset);
      if (!value) return null;
      fields.push([field, Number(value.value)]);
      offset = value.next;
    } else if (wireType === 2) {
      const length = varint(buffer, offset);
      if (!length || length.next + Number(length.value) > buffer.length) return null;
      const bytes = buffer.subarray(length.next, length.next + Number(length.value));
      fields.push([field, lengthDelimited(bytes)]);
      offset = length.next + Number(length.value);
    } else if (wireType === 1 || wireType === 5) {
      const size = wireType === 1 ? 8 : 4;
      if (offset + size > buffer.length) return null;
      fields.push([field, buffer.subarray(offset, offset + size).toString('hex')]);
      offset += size;
    } else return null;
  }
  return fields;
}

function lengthDelimited(bytes) {
  const text = bytes.toString('utf8');
  const printable = /^[\x20-\x7e\n\t]*$/.test(text);
  if (printable) return text;
  return message(bytes) ?? bytes.toString('hex');
}

function varint(buffer, offset) {
  let value = 0n;
  let shift = 0n;
  for (let index = offset; index < buffer.length && index < offset + 10; index++) {
    value |= BigInt(buffer[index] & 0x7f) << shift;
    if ((buffer[index] & 0x80) === 0) return { value, next: index + 1 };
    shift += 7n;
  }
  return null;
}
