/**
 * The messages between a storage shard (its WatchHub) and the watch caches of Worker isolates,
 * over a hibernatable WebSocket. An isolate opens one socket per (shard, collection prefix),
 * however many of its watchers watch there; the shard sends every committed change to the
 * collection once per socket, and the isolate filters and fans out.
 *
 * Every message is one text frame. A change is `c TAB header TAB value TAB previousValue`: the
 * header is small JSON (key, resourceVersion, labels and fields of each side), the documents are
 * their stored JSON, spliced in and sliced out without being escaped or parsed (compact JSON holds
 * no raw tab). Other messages are `s`, `x` or `t`, a tab, and a JSON body.
 */

/** One side of a change: what selectors test, and the document (absent where no watcher can need it). */
export interface Side {
  value?: string;
  labels: Record<string, string>;
  fields: Record<string, string>;
}

/** A committed change to one key. */
export interface Change {
  key: string;
  resourceVersion: number;
  /** The state after the change; null for a deletion. */
  current: Side | null;
  /**
   * The live state before the change; null for a creation. Its document is sent only where a
   * watcher can see it: for a deletion, and when labels or fields changed (an object leaving a
   * selection is DELETED with its previous content).
   */
  previous: Side | null;
}

/** What the isolate asks for on the upgrade request. */
export interface HubSubscription {
  /** Key prefix of the collection (`ns/`, or `` for all). */
  prefix: string;
  /** From the newest committed change, or replaying every change after a resourceVersion first. */
  start: { from: 'now' } | { from: 'resourceVersion'; resourceVersion: number };
}

/** Header carrying the JSON HubSubscription on the upgrade request to the Durable Object. */
export const subscriptionHeader = 'x-edge-watch-subscription';

export type HubMessage =
  | { kind: 'change'; change: Change }
  /** Everything up to `resourceVersion` has been sent. */
  | { kind: 'synced'; resourceVersion: number }
  /** The start is older than the history window (410 Expired). */
  | { kind: 'expired'; requested: number; oldest: number }
  /** The start is newer than anything committed. */
  | { kind: 'tooLarge'; requested: number; current: number };

/** One side of a change as the shard keeps it: the document and its selector columns as JSON text. */
export interface StoredSide {
  value: string;
  labels: string | null;
  fields: string | null;
}

/** The wire text of a change, built from stored columns without parsing them. */
export function changeMessage(key: string, resourceVersion: number, current: StoredSide | null, previous: StoredSide | null): string {
  const sendPrevious = !!previous && (!current || previous.labels !== current.labels || previous.fields !== current.fields);
  const meta = (side: StoredSide | null) => (side ? `{"l":${side.labels ?? '{}'},"f":${side.fields ?? '{}'}}` : 'null');
  const header = `{"k":${JSON.stringify(key)},"rv":${resourceVersion},"c":${meta(current)},"p":${meta(previous)},"pv":${sendPrevious}}`;
  return `c\t${header}\t${current?.value ?? ''}\t${sendPrevious ? previous!.value : ''}`;
}

/** The wire text of a control message. */
export function controlMessage(message: Exclude<HubMessage, { kind: 'change' }>): string {
  const { kind, ...body } = message;
  return `${controlCodes[kind]}\t${JSON.stringify(body)}`;
}

const controlCodes = { synced: 's', expired: 'x', tooLarge: 't' } as const;
const controlKinds: Record<string, Exclude<HubMessage, { kind: 'change' }>['kind']> = { s: 'synced', x: 'expired', t: 'tooLarge' };

interface ChangeHeader {
  k: string;
  rv: number;
  c: { l: Record<string, string>; f: Record<string, string> } | null;
  p: { l: Record<string, string>; f: Record<string, string> } | null;
  pv: boolean;
}

/** Decodes one message. */
export function parseMessage(text: string): HubMessage {
  const tab = text.indexOf('\t');
  const code = text.slice(0, tab);
  if (code !== 'c') return { kind: controlKinds[code]!, ...JSON.parse(text.slice(tab + 1)) } as HubMessage;
  const headerEnd = text.indexOf('\t', tab + 1);
  const valueEnd = text.indexOf('\t', headerEnd + 1);
  const header = JSON.parse(text.slice(tab + 1, headerEnd)) as ChangeHeader;
  const side = (meta: ChangeHeader['c'], value: string | undefined): Side | null => {
    if (!meta) return null;
    const result: Side = { labels: meta.l, fields: meta.f };
    if (value !== undefined) result.value = value;
    return result;
  };
  const current = side(header.c, text.slice(headerEnd + 1, valueEnd));
  const previous = side(header.p, header.pv ? text.slice(valueEnd + 1) : undefined);
  return { kind: 'change', change: { key: header.k, resourceVersion: header.rv, current, previous } };
}

/**
 * A Worker receives WebSocket messages of at most 1 MiB, objects may be 1.5 MiB: a longer message
 * travels as consecutive fragments, the last one marked. Fragments are frames whose text starts
 * with `fragmentMark` (no message does).
 */
export const fragmentMark = '~';
export const maxFrameChars = 256 * 1024;

/** The frames of one message (one, unless it is too long for a frame). */
export function frames(text: string): string[] {
  if (text.length <= maxFrameChars) return [text];
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += maxFrameChars) {
    const last = at + maxFrameChars >= text.length;
    parts.push(`${fragmentMark}${last ? '1' : '0'}${text.slice(at, at + maxFrameChars)}`);
  }
  return parts;
}

/** Reassembles frames into messages: feed each frame, get a message's text when one is complete. */
export class FrameAssembler {
  private pending = '';

  push(frame: string): string | null {
    if (!frame.startsWith(fragmentMark)) return frame;
    this.pending += frame.slice(2);
    if (frame[1] !== '1') return null;
    const text = this.pending;
    this.pending = '';
    return text;
  }
}
