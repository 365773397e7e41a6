/**
 * A PEM CA bundle as client-go's cert.NewPoolFromBytes reads it: every `CERTIFICATE` block, other
 * blocks skipped; none at all is `data does not contain any valid RSA or ECDSA certificates`.
 * Only the PEM framing and base64 are checked here (no X.509 parse: Web Crypto has none).
 */

const block = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** The DER of each certificate of `pem`, or the reason it holds none. */
export function parseCertificates(pem: string): { certificates: Uint8Array[]; error?: string } {
  const certificates: Uint8Array[] = [];
  for (const [, type, body] of pem.matchAll(block)) {
    if (type !== 'CERTIFICATE') continue;
    try {
      certificates.push(Uint8Array.from(atob(body!.replace(/[\s]+/g, '')), (char) => char.charCodeAt(0)));
    } catch {
      return { certificates: [], error: 'data does not contain any valid RSA or ECDSA certificates' };
    }
  }
  return certificates.length ? { certificates } : { certificates, error: 'data does not contain any valid RSA or ECDSA certificates' };
}
