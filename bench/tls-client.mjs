// HTTPS for the side-by-side sections: both servers present self-signed certificates and take a
// bearer token. Requests share keep-alive connections (node:https, lighter than fetch on the load
// generator's share of the CPU); each watch stream gets a connection of its own.
import https from 'node:https';

const agent = new https.Agent({ keepAlive: true, maxSockets: 256, rejectUnauthorized: false });

/**
 * One request (`headers` added to its own); resolves { status, text, headers } once the body
 * arrived; rejects on network errors only.
 */
export function request(url, { method = 'GET', token, body, contentType = 'application/json', headers: extra = {} } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, accept: 'application/json', ...extra };
    if (body !== undefined) headers['content-type'] = contentType;
    const outgoing = https.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, text: Buffer.concat(chunks).toString('utf8'), headers: response.headers }));
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/** A request that must succeed (status below 300); returns the body text. */
export async function call(url, options) {
  const { status, text } = await request(url, options);
  if (status >= 300) throw new Error(`${options?.method ?? 'GET'} ${url}: ${status} ${text.slice(0, 200)}`);
  return text;
}

/** Chunks (`data` events) every watch stream of openStream received, for how a server packs its events. */
export const streamChunks = { count: 0 };

/**
 * Opens a watch stream on its own connection; calls onLine(line, arrivedAt) for each line. Resolves
 * once the response headers arrived, with a function that closes the stream.
 */
export function openStream(url, token, onLine) {
  return new Promise((resolve, reject) => {
    const outgoing = https.get(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, agent: false, rejectUnauthorized: false }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return reject(new Error(`watch ${url}: ${response.statusCode}`));
      }
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        const arrivedAt = performance.now();
        streamChunks.count += 1;
        buffer += chunk;
        let newline;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (line.trim()) onLine(line, arrivedAt);
        }
      });
      response.on('error', () => {});
      resolve(() => outgoing.destroy());
    });
    outgoing.on('error', reject);
  });
}
