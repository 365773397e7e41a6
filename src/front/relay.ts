// Relaying workerd's answer bytes to a client with no Buffer and no stream machinery per chunk
// (the TLS byte pipe, tls-pipe.ts): workerd's side is read (`onread`) into one buffer shared by
// every connection, and each chunk goes on as a view of it, which a TLS socket encrypts at once
// (a copy it makes anyway). A chunk the client's side cannot take yet (earlier bytes still on
// their way) is copied: Node's stream then holds it while the shared buffer is read into again.
import { Buffer } from 'node:buffer';
import type { Writable } from 'node:stream';

/** Where every connection's bytes from workerd land; each chunk is relayed before the next read. */
export const sharedReadBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * The `onread` callback relaying to `client`: false (reading pauses) once the client's side is
 * full, and `resume` is called when it has drained.
 */
export function relayTo(client: Writable, resume: () => void): (length: number, buffer: Uint8Array) => boolean {
  return (length, buffer) => {
    const chunk = buffer.subarray(0, length);
    if (client.write(client.writableLength ? Buffer.from(chunk) : chunk)) return true;
    client.once('drain', resume);
    return false;
  };
}
