/** A watch cache's subscription socket in unit tests: what `receive` is given arrives as the hub's frames. */
import { frames } from '../../src/durable/watch-protocol.js';

export class FakeHubSocket extends EventTarget {
  send(): void {}
  close(): void {}
  receive(text: string): void {
    for (const frame of frames(text)) this.dispatchEvent(new MessageEvent('message', { data: frame }));
  }
}

/** Lets pending promise continuations and immediates run. */
export const settle = () => new Promise((resolve) => setImmediate(resolve));
