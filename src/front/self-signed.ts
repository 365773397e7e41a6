// A self-signed TLS certificate for the local server (127.0.0.1 and localhost), made with
// node:crypto alone: an EC P-256 key and an X.509 v3 certificate written in DER by hand (Node can
// sign but not build certificates, and openssl is not everywhere). kubectl and the tests skip
// verification of it (insecure-skip-tls-verify), as they did of Miniflare's own.
import { Buffer } from 'node:buffer';

type Bytes = ReturnType<typeof Buffer.alloc>;
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

const tlv = (tag: number, ...parts: Bytes[]): Bytes => {
  const content = Buffer.concat(parts);
  const n = content.length;
  const length = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, content]);
};
const sequence = (...parts: Bytes[]) => tlv(0x30, ...parts);
const set = (...parts: Bytes[]) => tlv(0x31, ...parts);
const integer = (bytes: Bytes) => tlv(0x02, bytes[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
const octetString = (bytes: Bytes) => tlv(0x04, bytes);
const bitString = (bytes: Bytes) => tlv(0x03, Buffer.from([0]), bytes);
const utcTime = (date: Date) => tlv(0x17, Buffer.from(date.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z'));

function oid(text: string): Bytes {
  const [a = 0, b = 0, ...rest] = text.split('.').map(Number);
  const bytes = [40 * a + b];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let v = arc; ; v = Math.floor(v / 128)) {
      groups.unshift((v % 128) | (groups.length ? 0x80 : 0));
      if (v < 128) break;
    }
    bytes.push(...groups);
  }
  return tlv(0x06, Buffer.from(bytes));
}

const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
const name = sequence(set(sequence(oid('2.5.4.3'), utf8String('localhost'))));

/** 16 random bytes as a positive, minimally encoded serial number (Go's parser refuses others). */
function serialNumber(): Bytes {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes;
}

/** A fresh key and certificate for 127.0.0.1 and localhost, valid for ten years: { key, cert } as PEM. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = Date.now();
  const subjectAltName = sequence(tlv(0x82, Buffer.from('localhost')), tlv(0x87, Buffer.from([127, 0, 0, 1])));
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.from([2]))),
    integer(serialNumber()),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + 10 * 365 * 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    tlv(0xa3, sequence(sequence(oid('2.5.29.17'), octetString(subjectAltName)))),
  );
  const certificate = sequence(tbs, ecdsaWithSha256, bitString(sign('sha256', tbs, privateKey)));
  const base64 = certificate.toString('base64').replace(/.{64}/g, '$&\n');
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: `-----BEGIN CERTIFICATE-----\n${base64.trimEnd()}\n-----END CERTIFICATE-----\n`,
  };
}
