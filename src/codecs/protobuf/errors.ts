/**
 * Errors of the Protobuf codec. Callers turn a ProtobufDecodeError of a request body into a
 * 400 BadRequest Status; a ProtobufEncodeError means the server holds an object that does not
 * fit its Protobuf message (a bug or corrupt storage), so it is a 500.
 */

/** The bytes are not a valid kube Protobuf object (bad magic, truncated data, unknown kind...). */
export class ProtobufDecodeError extends Error {
  override readonly name = 'ProtobufDecodeError';
}

/** A JSON object cannot be written as its Protobuf message (wrong value type, unknown kind...). */
export class ProtobufEncodeError extends Error {
  override readonly name = 'ProtobufEncodeError';
}
