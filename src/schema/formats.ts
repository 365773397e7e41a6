/**
 * String formats custom resource schemas may declare, checked as kube-openapi's strfmt registry
 * checks them (apiextensions keeps only these; others are ignored). Each checker answers
 * "valid?"; the error text is the caller's (`spec.x in body must be of type date-time: "x"`).
 * The regular expressions follow strfmt's; URI and e-mail are close approximations of Go's
 * net/url and net/mail parsers. IP addresses are read as Go's strict net.ParseIP reads them (no
 * leading zeros), not with the sloppy parser built-in kinds use (core/validation/ip-addresses.ts).
 */
import { goBase64Error } from './go-scalars.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const hostnamePattern = /^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$/u;
const macPattern = /^([0-9a-fA-F]{2}[:-]){5}[0-9a-fA-F]{2}$|^([0-9a-fA-F]{2}[:-]){7}[0-9a-fA-F]{2}$|^([0-9a-fA-F]{4}\.){2}[0-9a-fA-F]{4}$/;
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const durationPattern = /^(\s*[-+]?\d+(\.\d+)?\s*(ns|us|µs|ms|s|m|h|d|w|nanoseconds?|microseconds?|milliseconds?|seconds?|minutes?|hours?|days?|weeks?|sec|min|hr)\s*)+$/;

function isIPv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255 && !(part.length > 1 && part.startsWith('0')));
}

function isIPv6(text: string): boolean {
  if (!text.includes(':')) return false;
  let body = text;
  const lastColon = body.lastIndexOf(':');
  if (body.slice(lastColon + 1).includes('.')) {
    if (!isIPv4(body.slice(lastColon + 1))) return false;
    body = `${body.slice(0, lastColon + 1)}0:0`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const groups = halves.flatMap((half) => (half === '' ? [] : half.split(':')));
  if (!groups.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return false;
  return halves.length === 2 ? groups.length < 8 : groups.length === 8;
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isDateTime(text: string): boolean {
  const match = dateTimePattern.exec(text);
  return match !== null && isDate(`${match[1]}-${match[2]}-${match[3]}`) && Number(match[4]) < 24 && Number(match[5]) < 60 && Number(match[6]) < 60;
}

function isCidr(text: string): boolean {
  const [address, bits, extra] = text.split('/');
  if (extra !== undefined || bits === undefined || !/^\d+$/.test(bits)) return false;
  if (isIPv4(address ?? '')) return Number(bits) <= 32;
  return isIPv6(address ?? '') && Number(bits) <= 128;
}

const checkers: Readonly<Record<string, (text: string) => boolean>> = {
  'date-time': isDateTime,
  datetime: isDateTime,
  date: isDate,
  byte: (text) => goBase64Error(text.replace(/[\r\n]/g, '')) === null,
  uuid: (text) => uuidPattern.test(text),
  uuid3: (text) => uuidPattern.test(text) && text[14] === '3',
  uuid4: (text) => uuidPattern.test(text) && text[14] === '4' && /[89ab]/i.test(text[19] ?? ''),
  uuid5: (text) => uuidPattern.test(text) && text[14] === '5' && /[89ab]/i.test(text[19] ?? ''),
  ipv4: isIPv4,
  ipv6: isIPv6,
  cidr: isCidr,
  mac: (text) => macPattern.test(text),
  hostname: (text) => text.length <= 255 && hostnamePattern.test(text),
  email: (text) => /^[^\s@<>]+@[^\s@<>]+$/.test(text),
  uri: (text) => /^[a-zA-Z][a-zA-Z0-9+.-]*:\S*$/.test(text) || /^\/\S*$/.test(text),
  hexcolor: (text) => /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(text),
  rgbcolor: (text) => /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/.test(text),
  duration: (text) => durationPattern.test(text),
  password: () => true,
};

/** Whether kube validates `format` at all (unknown formats are ignored). */
export function isKnownFormat(format: string): boolean {
  return Object.hasOwn(checkers, format);
}

/** Whether `text` is valid for a known `format`. */
export function matchesFormat(format: string, text: string): boolean {
  return checkers[format]?.(text) ?? true;
}
