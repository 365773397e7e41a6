/**
 * Watch events on the wire: `{"type":..,"object":..}` with the object as the client asked for it,
 * plainly, as a one-row Table (column definitions only in the first event, `null` after, as
 * kube does) or as PartialObjectMetadata. Errors are Status objects with type ERROR.
 */
import type { OutputFormat } from '../codecs/negotiate.js';
import { partialObjectMetadata } from '../codecs/partial-metadata.js';
import type { Printer } from '../codecs/printers.js';
import { type IncludeObject, toTable } from '../codecs/table.js';
import type { Status } from '../core/status.js';
import type { WatchItem } from './session.js';

export interface WatchEncoding {
  format: OutputFormat;
  printer: Printer;
  includeObject: IncludeObject;
}

/** Encodes events for one stream; remembers whether the Table columns were sent. */
export class WatchEventEncoder {
  private columnsSent = false;

  constructor(private readonly encoding: WatchEncoding) {}

  /** The event JSON for `item`; a plain event splices the stored JSON in without parsing it. */
  event(type: string, item: WatchItem, now: Date): string {
    if (!this.encoding.format.conversion) return `{"type":"${type}","object":${item.json()}}`;
    return JSON.stringify({ type, object: this.convert(type, item, now) });
  }

  /** An ERROR event carrying a Status. */
  error(status: Status): string {
    return JSON.stringify({ type: 'ERROR', object: status });
  }

  private convert(type: string, item: WatchItem, now: Date): unknown {
    const { format, printer, includeObject } = this.encoding;
    const object = item.object();
    const version = format.conversionVersion ?? 'v1';
    if (format.conversion === 'PartialObjectMetadata') return partialObjectMetadata(object, version);
    if (format.conversion !== 'Table') return object;
    const rows = type === 'BOOKMARK' ? [] : [object];
    const table = toTable(rows, printer, { resourceVersion: object.metadata.resourceVersion }, { includeObject, version, now });
    if (this.columnsSent) table.columnDefinitions = null;
    this.columnsSent = true;
    return table;
  }
}
