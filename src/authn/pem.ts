/**
 * PEM armour (RFC 7468) for the one block type kube service account signing keys use here:
 * PKCS#8 `PRIVATE KEY`.
 */

const PKCS8_PEM = /-----BEGIN PRIVATE KEY-----([A-Za-z0-9+/=\s]+)-----END PRIVATE KEY-----/;

/**
 * The DER bytes of the first PKCS#8 PRIVATE KEY block. Throws for other block types
 * (`RSA PRIVATE KEY`, `EC PRIVATE KEY`, encrypted keys) with a hint to convert them.
 */
export function pkcs8DerFromPem(pem: string): Uint8Array {
  const match = PKCS8_PEM.exec(pem);
  if (!match) {
    const found = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(pem)?.[1];
    throw new Error(
      found
        ? `unsupported PEM block "${found}": convert the key to PKCS#8 with \`openssl pkcs8 -topk8 -nocrypt\``
        : 'no "PRIVATE KEY" PEM block found',
    );
  }
  let binary: string;
  try {
    binary = atob(match[1]!.replace(/\s+/g, ''));
  } catch {
    throw new Error('PRIVATE KEY PEM block is not valid base64');
  }
  const der = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) der[i] = binary.charCodeAt(i);
  return der;
}
