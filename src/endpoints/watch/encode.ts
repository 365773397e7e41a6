/**
 * Watch events on the wire: `{"type":..,"object":..}` with the object as the client asked for it,
 * plainly, as a one-row Table (column definitions only in the first event, `null` after, as
 * kube does) or as PartialObjectMetadata. Errors are Status objects with type ERROR.
 *
 * Each event is one message in the negotiated encoding: a JSON text, a Protobuf
 * metav1.WatchEvent whose object is an enveloped (`k8s\0`) object, or one CBOR data item. How
 * messages are delimited is the transport's business (`framing`): JSON lines, a 4-byte big-endian
 * length before each Protobuf message (kube's length-delimited framer), CBOR items back to back
 * (an RFC 8742 sequence, application/cbor-seq); a WebSocket sends each message as it is.
 */
import { encodeCborWatchEvent } from '../../codecs/cbor/index.js';
import type { OutputFormat } from '../../codecs/negotiate.js';
import { partialObjectMetadata } from '../../codecs/partial-metadata.js';
import type { Printer } from '../../codecs/printer-registry.js';
import { encodeMessage, messageDescriptor } from '../../codecs/protobuf/index.js';
import { type IncludeObject, toTable } from '../../codecs/table.js';
import { encodeBody } from '../../codecs/encode-body.js';
import type { Status } from '../../apimachinery/status.js';
import { objectItem, type ServedItem } from '../../registry/served-item.js';

export interface WatchEncoding {
  format: OutputFormat;
  printer: Printer;
  includeObject: IncludeObject;
  /** The watched type's list (kind, apiVersion): the blueprint the initial-events-end bookmark carries. */
  list: { kind: string; apiVersion: string };
}

const initialEventsEnd = 'k8s.io/initial-events-end';
const listBlueprint = 'kubernetes.io/initial-events-list-blueprint';

/** A message: JSON text, or the bytes of a binary encoding. */
export type WatchMessage = string | Uint8Array;

/** How a stream of messages is delimited over HTTP. */
export type Framing = 'lines' | 'length-prefixed' | 'self-delimiting';

const watchEvent = 'k8s.io.apimachinery.pkg.apis.meta.v1.WatchEvent';

/**
 * Framed events of an item, by event type and stream format: every watcher of an isolate that
 * sees the same change gets the same item (cache-watcher.ts), so each event is encoded once per
 * format, not once per watcher.
 */
const framedEvents = new WeakMap<ServedItem, Map<string, Uint8Array>>();
const text = new TextEncoder();
/** An empty JSON line (the heartbeat), shared: a stream never changes the bytes it sends. */
const newline = text.encode('\n');

/** Encodes events for one stream; remembers whether the Table columns were sent. */
export class WatchEventEncoder {
  private columnsSent = false;
  /** The stream format as a memo key (Tables are per stream: their first event carries the columns). */
  private readonly signature: string | null;
  /** Memo keys by event type, made once per stream rather than once per event. */
  private readonly keys = new Map<string, string>();

  constructor(private readonly encoding: WatchEncoding) {
    const { format } = encoding;
    this.signature = format.conversion === 'Table' ? null : `${format.mediaType}|${format.conversion ?? ''}|${format.conversionVersion ?? ''}`;
  }

  /** The stream's Content-Type. */
  get mediaType(): string {
    return this.encoding.format.mediaType;
  }

  get framing(): Framing {
    const { encoding } = this.encoding.format;
    return encoding === 'protobuf' ? 'length-prefixed' : encoding === 'cbor' ? 'self-delimiting' : 'lines';
  }

  /**
   * The event for `item` as it goes on an HTTP stream (framed), encoded once per format and type;
   * the watchers sharing it get the same bytes, and looking them up allocates nothing.
   */
  framedEvent(type: string, item: ServedItem): Uint8Array {
    if (this.signature === null) return this.frame(this.event(type, item));
    let byFormat = framedEvents.get(item);
    if (!byFormat) framedEvents.set(item, (byFormat = new Map()));
    let key = this.keys.get(type);
    if (key === undefined) this.keys.set(type, (key = `${type}|${this.signature}`));
    let framed = byFormat.get(key);
    if (!framed) byFormat.set(key, (framed = this.frame(this.event(type, item))));
    return framed;
  }

  /** One message as it goes on an HTTP stream: a JSON line, a length-prefixed Protobuf message, a CBOR item. */
  frame(message: WatchMessage): Uint8Array {
    if (message === '') return newline;
    if (typeof message === 'string') return text.encode(message + '\n');
    if (this.framing !== 'length-prefixed') return message;
    const framed = new Uint8Array(4 + message.byteLength);
    new DataView(framed.buffer).setUint32(0, message.byteLength);
    framed.set(message, 4);
    return framed;
  }

  /**
   * The event for `item`; a plain JSON event splices the stored JSON in without parsing it. `now`
   * (a Table's row ages) is read only for Tables.
   */
  event(type: string, item: ServedItem, now?: Date): WatchMessage {
    const { format } = this.encoding;
    if (type === 'BOOKMARK') item = this.withBlueprint(item);
    if (format.encoding === 'json' && !format.conversion) return `{"type":"${type}","object":${item.json()}}`;
    return this.encode(type, this.convert(type, item, now));
  }

  /** An ERROR event carrying a Status. */
  error(status: Status): WatchMessage {
    return this.encode('ERROR', status as unknown as Record<string, unknown>);
  }

  private encode(type: string, object: Record<string, unknown>): WatchMessage {
    switch (this.encoding.format.encoding) {
      case 'protobuf': return encodeMessage(messageDescriptor(watchEvent), { type, object }, { rawObjectsAsProtobuf: true });
      case 'cbor': return encodeCborWatchEvent(type, object);
      default: return JSON.stringify({ type, object });
    }
  }

  /**
   * kube's watchListTransformer: the bookmark that ends the initial events of a streaming list
   * carries an empty list of the watched type (PartialObjectMetadataList for metadata clients),
   * in the stream's encoding, base64, so client-go can build the list it stands for.
   */
  private withBlueprint(item: ServedItem): ServedItem {
    const object = item.object();
    if (object.metadata.annotations?.[initialEventsEnd] !== 'true') return item;
    const { format, list } = this.encoding;
    const blueprint = format.conversion === 'PartialObjectMetadata'
      ? { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${format.conversionVersion ?? 'v1'}`, metadata: {}, items: null }
      : { ...list, metadata: {}, items: null };
    const encoded = format.encoding === 'json' ? `${JSON.stringify(blueprint)}\n` : encodeBody(blueprint, format, false);
    const bytes = typeof encoded === 'string' ? text.encode(encoded) : encoded;
    const annotations = { ...object.metadata.annotations, [listBlueprint]: btoa(String.fromCharCode(...bytes)) };
    const annotated = { ...object, metadata: { ...object.metadata, annotations } };
    return objectItem(annotated);
  }

  private convert(type: string, item: ServedItem, now = new Date()): Record<string, unknown> {
    const { format, printer, includeObject } = this.encoding;
    const object = item.object();
    const version = format.conversionVersion ?? 'v1';
    if (format.conversion === 'PartialObjectMetadata') return partialObjectMetadata(object, version) as unknown as Record<string, unknown>;
    if (format.conversion !== 'Table') return object as unknown as Record<string, unknown>;
    const rows = type === 'BOOKMARK' ? [] : [object];
    const table = toTable(rows, printer, { resourceVersion: object.metadata.resourceVersion }, { includeObject, version, now });
    if (this.columnsSent) table.columnDefinitions = null;
    this.columnsSent = true;
    return table as unknown as Record<string, unknown>;
  }
}
