// A small Kubernetes API client over plain HTTPS with a bearer token, for the simulated nodes and
// the control plane scripts: JSON requests on a keep-alive agent, and a reflector (list, then
// watch from the list's resourceVersion, relist on 410 Expired, resume after a dropped stream).
// TLS is not verified: the local servers use self-signed certificates.
import https from 'node:https';

/** An HTTP answer: status code and parsed JSON body (null when empty or not JSON). */
export class ApiClient {
  /** `url` is the server's base URL; `maxSockets` bounds requests in flight (watches have their own agent). */
  constructor({ url, token, maxSockets = 16 }) {
    this.base = new URL(url);
    this.token = token;
    this.agent = new https.Agent({ keepAlive: true, maxSockets, rejectUnauthorized: false });
    this.watchAgent = new https.Agent({ keepAlive: false, rejectUnauthorized: false });
  }

  /** One request; resolves with { status, body } for every status (callers decide what is an error). */
  request(method, path, { body, contentType = 'application/json' } = {}) {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const headers = { authorization: `Bearer ${this.token}`, accept: 'application/json', 'user-agent': 'edge-sim-kubelet/v1.32.13' };
    if (payload !== undefined) Object.assign(headers, { 'content-type': contentType, 'content-length': Buffer.byteLength(payload) });
    return new Promise((resolve, reject) => {
      const request = https.request(this.at(path), { method, headers, agent: this.agent }, (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: parseJson(Buffer.concat(chunks).toString('utf8')) }));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(payload);
    });
  }

  /** The URL of an API path under the base URL (its own path too: a tenant's `/clusters/NAME`). */
  at(path) {
    return new URL(`${this.base.pathname.replace(/\/$/, '')}${path}`, this.base);
  }

  /** Like request, but throws for statuses outside `ok` (default 2xx). */
  async expect(method, path, options = {}, ok = (status) => status >= 200 && status < 300) {
    const answer = await this.request(method, path, options);
    if (!ok(answer.status)) throw new Error(`${method} ${path}: ${answer.status} ${answer.body?.message ?? ''}`);
    return answer;
  }

  /**
   * Keeps `handler(type, object)` informed of a collection: ADDED for what the list finds, then the
   * watch's events; after a relist, DELETED for what disappeared. Returns { stop, synced }.
   */
  reflect(path, handler, { onError = () => {} } = {}) {
    const reflector = new Reflector(this, path, handler, onError);
    reflector.run();
    return reflector;
  }

  /** Closes the keep-alive sockets. */
  close() {
    this.agent.destroy();
    this.watchAgent.destroy();
  }
}

/** A list + watch loop for one collection path (which may carry a selector). */
class Reflector {
  constructor(client, path, handler, onError) {
    Object.assign(this, { client, path, handler, onError, known: new Map(), stopped: false, request: null });
    this.synced = new Promise((resolve) => (this.markSynced = resolve));
  }

  async run() {
    while (!this.stopped) {
      try {
        const resourceVersion = await this.list();
        this.markSynced();
        await this.watchFrom(resourceVersion);
      } catch (error) {
        if (!this.stopped) this.onError(error);
        await sleep(500);
      }
    }
  }

  /** Lists, tells the handler of new, changed and vanished objects; returns the list's resourceVersion. */
  async list() {
    const { body } = await this.client.expect('GET', this.path);
    const seen = new Set();
    for (const item of body.items ?? []) {
      const key = keyOf(item);
      seen.add(key);
      if (this.known.get(key)?.metadata.resourceVersion !== item.metadata.resourceVersion) this.deliver('ADDED', item);
    }
    for (const [key, object] of this.known) if (!seen.has(key)) this.deliver('DELETED', object);
    return body.metadata.resourceVersion;
  }

  /** Watches from `resourceVersion` until the stream ends; returns to relist on 410, else resumes. */
  async watchFrom(resourceVersion) {
    let version = resourceVersion;
    while (!this.stopped) {
      const outcome = await this.watchOnce(version);
      if (outcome.expired) return;
      version = outcome.resourceVersion;
    }
  }

  watchOnce(resourceVersion) {
    const separator = this.path.includes('?') ? '&' : '?';
    const path = `${this.path}${separator}watch=1&allowWatchBookmarks=true&timeoutSeconds=300&resourceVersion=${resourceVersion}`;
    const headers = { authorization: `Bearer ${this.client.token}`, accept: 'application/json' };
    return new Promise((resolve, reject) => {
      let version = resourceVersion;
      let expired = false;
      const request = https.get(this.client.at(path), { headers, agent: this.client.watchAgent }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return reject(new Error(`watch ${this.path}: ${response.statusCode}`));
        }
        readLines(response, (event) => {
          if (event.type === 'ERROR') expired = event.object?.code === 410;
          else if (event.type === 'BOOKMARK') version = event.object.metadata.resourceVersion;
          else {
            version = event.object.metadata.resourceVersion;
            this.deliver(event.type, event.object);
          }
        });
        response.on('end', () => resolve({ resourceVersion: version, expired }));
        response.on('error', () => resolve({ resourceVersion: version, expired }));
      });
      request.on('error', reject);
      this.request = request;
    });
  }

  deliver(type, object) {
    const key = keyOf(object);
    if (type === 'DELETED') this.known.delete(key);
    else this.known.set(key, object);
    try {
      this.handler(type, object);
    } catch (error) {
      this.onError(error);
    }
  }

  /** Ends the loop and the open watch. */
  stop() {
    this.stopped = true;
    this.request?.destroy();
  }
}

/** Calls `onEvent` for each JSON line of a stream (blank heartbeat lines skipped). */
function readLines(stream, onEvent) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) onEvent(JSON.parse(line));
    }
  });
}

const keyOf = (object) => `${object.metadata.namespace ?? ''}/${object.metadata.name}`;

function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
