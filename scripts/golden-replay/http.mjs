// One recorded request sent to a server as the recorder sent it: HTTPS without certificate
// checks (local servers use self-signed certificates), the bearer token, the recorded headers and
// body. Watch responses (`watch=1`) are read to the end and split into events.
import https from 'node:https';
import http from 'node:http';

/** Sends `request` ({method, path, headers, body}) to `server`; resolves {status, headers, body: Buffer}. */
export function send(server, token, request) {
  const url = new URL(request.path, server);
  const headers = { ...lowerCase(request.headers ?? {}), authorization: `Bearer ${token}` };
  const body = requestBody(request.body, headers);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, { method: request.method, headers, rejectUnauthorized: false, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`timeout: ${request.method} ${request.path}`)));
    if (body !== undefined) outgoing.write(body);
    outgoing.end();
  });
}

function lowerCase(headers) {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

// JSON values were sent as JSON; strings verbatim (malformed JSON, YAML, raw text).
function requestBody(body, headers) {
  if (body === undefined || body === null) return undefined;
  if (!headers['content-type']) headers['content-type'] = 'application/json';
  const bytes = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8');
  // Node sends DELETE bodies only with an explicit length.
  headers['content-length'] = String(bytes.length);
  return bytes;
}
