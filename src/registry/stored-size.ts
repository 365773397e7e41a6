/**
 * Whether a write fits where it is stored. kube-apiserver's bound is etcd's request limit
 * (1.5 MiB per object); here the bound that bites is SQLite's row limit in a Durable Object
 * (2 MB: https://developers.cloudflare.com/durable-objects/platform/limits/), which holds the
 * whole revision row: key, object, labels (again, for selectors) and selectable fields; and each
 * outbox row of a message the write sends the controllers, which carries the owner references
 * before and after it. A write that does not fit gets kube's answer for an object etcd refuses, its
 * text `etcdserver: request is too large`, as a 413 (kube sends that text as a bare 500; this
 * server never answers a client's input with a 5xx), and never reaches SQLite (SQLITE_TOOBIG).
 */
import { objectTooLarge } from '../apimachinery/status.js';
import { byteLength } from '../apimachinery/validation/names.js';
import type { ObjectWrite } from '../storage/types.js';

/** The largest stored object (etcd's default request limit, which bounds kube's objects): 1.5 MiB. */
export const maxObjectBytes = 1.5 * 1024 * 1024;

/** SQLite's row limit in a Durable Object. */
export const maxRowBytes = 2_000_000;

/** Room for what a row holds besides its texts: integers (resourceVersions), the record header. */
const rowFramingBytes = 256;

/** Throws kube's too-large answer when `write` would not fit its object or row limit. */
export function checkStoredSize(write: ObjectWrite): void {
  const row = rowTexts(write);
  const messages = (write.messages ?? []).map((message) => message.body);
  if (mayExceed(row) || messages.some((body) => mayExceed([body])) || write.value.length * 3 > maxObjectBytes) {
    if (byteLength(write.value) > maxObjectBytes || [row, ...messages.map((body) => [body])].some(exceeds)) throw objectTooLarge();
  }
}

/** The texts of a revision row, as storage writes them (durable/revisions.ts appendRevision). */
function rowTexts(write: ObjectWrite): string[] {
  const labels = Object.keys(write.labels).length ? JSON.stringify(write.labels) : '';
  return [write.key, write.value, labels, JSON.stringify(write.fields)];
}

/** Whether a row of these texts could exceed the limit: UTF-8 takes at most 3 bytes per UTF-16 unit, so most rows are decided without encoding. */
function mayExceed(texts: string[]): boolean {
  return texts.reduce((sum, text) => sum + text.length, 0) * 3 + rowFramingBytes > maxRowBytes;
}

function exceeds(texts: string[]): boolean {
  return texts.reduce((sum, text) => sum + byteLength(text), rowFramingBytes) > maxRowBytes;
}
