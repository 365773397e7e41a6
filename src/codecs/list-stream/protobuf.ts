/**
 * A Protobuf list as kube writes it: `k8s\0`, then runtime.Unknown { typeMeta = 1; raw = 2;
 * contentEncoding = 3; contentType = 4 } whose raw is the list message: its ListMeta (field 1)
 * and each item as a repeated field 2, the last field of every kube list message. raw's length
 * comes first, so the items are counted and sized before the body starts (two-pass.ts).
 */
import { PROTOBUF_MAGIC, ProtobufEncodeError, encodeMessage, messageDescriptor, messageNameForKind, type FieldDescriptor } from '../protobuf/index.js';
import { WireType, WireWriter, varintSize } from '../protobuf/wire.js';
import type { ListMetaFields } from '../lists.js';
import { listTypeMeta } from './envelope.js';
import { elementOf, type ItemSource, type ListForm, type ListItem } from './items.js';
import { replay, tally, type ItemEncoder } from './two-pass.js';

const { LengthDelimited } = WireType;

/** The body of a Protobuf list: reads the items once (twice past `bufferLimit` bytes) before it returns. */
export async function protobufList(form: ListForm, metadata: ListMetaFields, source: ItemSource, bufferLimit: number): Promise<AsyncGenerator<Uint8Array>> {
  const { apiVersion, kind } = listTypeMeta(form);
  const name = messageNameForKind(apiVersion, kind);
  if (!name) throw new ProtobufEncodeError(`no Protobuf message for apiVersion "${apiVersion}", kind "${kind}"`);
  const list = messageDescriptor(name);
  const items = itemsField(list.fields);
  const head = encodeMessage(list, { metadata });
  const encode = itemEncoder(form, kind, items);
  const counted = await tally(source, encode, bufferLimit);
  return (async function* () {
    yield envelopeHead(apiVersion, kind, head, head.byteLength + counted.bytes);
    yield* replay(source, encode, counted);
    yield envelopeTail();
  })();
}

/** The repeated items field; it must be the message's last, for the items to follow everything else. */
function itemsField(fields: readonly FieldDescriptor[]): FieldDescriptor {
  const items = fields.find((field) => field.name === 'items' && field.repeated && field.type.message);
  if (!items || fields.some((field) => field.number > items.number)) throw new Error('list-stream: a list message whose items are not its last field');
  return items;
}

/** Each item as field `items` of the list: tag, length, message; errors name the item as the whole-list encoder does. */
function itemEncoder(form: ListForm, listKind: string, items: FieldDescriptor): ItemEncoder {
  const descriptor = messageDescriptor(items.type.message!);
  return (item: ListItem, index: number) => {
    let message: Uint8Array;
    try {
      message = encodeMessage(descriptor, elementOf(item, form));
    } catch (error) {
      if (error instanceof ProtobufEncodeError && error.message.startsWith(descriptor.name)) {
        throw new ProtobufEncodeError(`${listKind}.items[${index}]${error.message.slice(descriptor.name.length)}`);
      }
      throw error;
    }
    const tag = (items.number << 3) | LengthDelimited;
    const w = new WireWriter(varintSize(tag) + varintSize(message.byteLength) + message.byteLength);
    w.tag(items.number, LengthDelimited).lengthDelimited(message);
    return w.bytes.subarray(0, w.pos);
  };
}

/** Magic, TypeMeta, raw's tag and length, and the list message's fields before the items. */
function envelopeHead(apiVersion: string, kind: string, head: Uint8Array, rawLength: number): Uint8Array {
  const w = new WireWriter(64 + head.byteLength);
  w.raw(PROTOBUF_MAGIC).tag(1, LengthDelimited);
  const typeMeta = w.beginLengthDelimited();
  w.tag(1, LengthDelimited).string(apiVersion).tag(2, LengthDelimited).string(kind);
  w.endLengthDelimited(typeMeta);
  w.tag(2, LengthDelimited).int(rawLength).raw(head);
  return w.finish();
}

/** contentEncoding and contentType, empty, as kube writes them. */
function envelopeTail(): Uint8Array {
  return new WireWriter(4).tag(3, LengthDelimited).uint32(0).tag(4, LengthDelimited).uint32(0).finish();
}
