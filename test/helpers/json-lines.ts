/**
 * JSON lines read one value at a time from a byte stream (watch streams in the tests, in workerd
 * and in Node alike). Blank lines (a watch's heartbeat) are skipped.
 */
export interface JsonLines<T> {
  /** The next value, or null when the stream ended or nothing came within `timeoutMillis`. */
  next(timeoutMillis?: number): Promise<T | null>;
  /** Whether the stream has ended. */
  ended(): boolean;
}

export function jsonLines<T>(reader: ReadableStreamDefaultReader<Uint8Array>, defaultTimeoutMillis: number): JsonLines<T> {
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const next = async (timeoutMillis = defaultTimeoutMillis): Promise<T | null> => {
    for (;;) {
      const newline = buffer.indexOf('\n');
      if (newline >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 1);
        if (line.trim()) return JSON.parse(line) as T;
        continue;
      }
      if (done) return null;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const chunk = await Promise.race([reader.read(), new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMillis)))]);
      clearTimeout(timer);
      if (chunk === 'timeout') return null;
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
    }
  };
  return { next, ended: () => done };
}
