/** The lines of a gzip'd text stream (a snapshot file), without their newlines; the last may lack one. */
export async function* gzipLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const text = bytes.pipeThrough(new DecompressionStream('gzip')).pipeThrough(new TextDecoderStream('utf-8', { fatal: true }));
  let rest = '';
  for await (const chunk of text as unknown as AsyncIterable<string>) {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  if (rest) yield rest;
}
