/**
 * The messages between a storage shard (StorageShard Durable Object) and its client (ShardClient)
 * in a Worker, over a hibernatable WebSocket. The Worker opens the socket with a Subscription; the Durable Object
 * answers with the initial state or the replay from history, then live events as writes commit.
 * Every message is one JSON text frame; objects travel as their stored JSON.
 */
import type { EventType, WatchRequest } from './types.js';

/** What the upgrade request asks for. */
export type Subscription = WatchRequest;

/** Header carrying the JSON Subscription on the upgrade request to the Durable Object. */
export const subscriptionHeader = 'x-edge-watch-subscription';

export type WatchMessage =
  /** A change (or a synthetic ADDED): the object's stored JSON at `resourceVersion`. */
  | { kind: 'event'; type: EventType; key: string; resourceVersion: number; value: string }
  /** Everything up to `resourceVersion` has been sent; `initialEventsEnd` after the initial state. */
  | { kind: 'synced'; resourceVersion: number; initialEventsEnd: boolean }
  /** The start is older than the history window (410 Expired). */
  | { kind: 'expired'; requested: number; oldest: number }
  /** The start is newer than anything committed. */
  | { kind: 'tooLarge'; requested: number; current: number };

/**
 * A Worker receives WebSocket messages of at most 1 MiB, objects may be 1.5 MiB: a longer message
 * travels as consecutive fragments, the last one marked. Fragments are frames whose text starts
 * with `fragmentMark` (a JSON message never does).
 */
export const fragmentMark = '~';
export const maxFrameChars = 256 * 1024;

/** The frames of one message (one, unless it is too long for a frame). */
export function frames(message: WatchMessage): string[] {
  const text = JSON.stringify(message);
  if (text.length <= maxFrameChars) return [text];
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += maxFrameChars) {
    const last = at + maxFrameChars >= text.length;
    parts.push(`${fragmentMark}${last ? '1' : '0'}${text.slice(at, at + maxFrameChars)}`);
  }
  return parts;
}

/** Reassembles frames into messages: feed each frame, get a message when one is complete. */
export class FrameAssembler {
  private pending = '';

  push(frame: string): WatchMessage | null {
    if (!frame.startsWith(fragmentMark)) return JSON.parse(frame) as WatchMessage;
    this.pending += frame.slice(2);
    if (frame[1] !== '1') return null;
    const text = this.pending;
    this.pending = '';
    return JSON.parse(text) as WatchMessage;
  }
}
