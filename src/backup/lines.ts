/**
 * The lines of a snapshot file, without their newlines (the last may lack one). A file of several
 * gzip members (the parts of a scheduled backup, concatenated) is read by gzip, zcat and Node's
 * zlib, not by the web's DecompressionStream (workerd stops at the first member's end): read such
 * parts one by one, or decompress with zlib and pass the text to `textLines`.
 */
export async function* gzipLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  yield* textLines(bytes.pipeThrough(new DecompressionStream('gzip')));
}

/** The lines of UTF-8 text bytes. */
export async function* textLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const text = bytes.pipeThrough(new TextDecoderStream('utf-8', { fatal: true }));
  let rest = '';
  for await (const chunk of text as unknown as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}
