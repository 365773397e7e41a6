/**
 * UTF-8 text of bytes, as `new TextDecoder().decode(bytes)` gives it (invalid sequences replaced,
 * a leading BOM dropped), through one decoder for the isolate: every TextDecoder made is a
 * runtime object the garbage collector must finalize, one more per request on the write path.
 */
const decoder = new TextDecoder();

export function utf8Text(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
