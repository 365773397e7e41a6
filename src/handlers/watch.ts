/**
 * watch (k8s.io/apiserver/pkg/endpoints/handlers/watch.go): negotiate a stream format (JSON,
 * Protobuf or CBOR, possibly a Table or PartialObjectMetadata conversion; YAML is not a watch
 * format), parse and validate the options, subscribe, and stream events over chunked HTTP or, on
 * an Upgrade, a WebSocket.
 */
import { apiVersionOf } from '../api/catalog.js';
import { negotiateStream } from '../codecs/negotiate.js';
import { printerFor } from '../codecs/printers.js';
import type { Env } from '../env.js';
import { collectionPrefix } from '../registry/keys.js';
import { connectWatch } from '../watch/connect.js';
import { WatchEventEncoder } from '../watch/encode.js';
import { httpWatch } from '../watch/http-stream.js';
import { parseWatchOptions } from '../watch/options.js';
import { WatchSession } from '../watch/session.js';
import { socketWatch } from '../watch/websocket-watch.js';
import { endpointOf, includeObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';

export const watchHandler: Handler = async (scope) => {
  const list = { kind: scope.type.listKind ?? `${scope.type.kind}List`, apiVersion: apiVersionOf(scope.type.group, scope.type.version) };
  const encoder = new WatchEventEncoder({ format: streamFormat(scope), printer: printerFor(scope.type), includeObject: includeObject(scope.url), list });
  const options = parseWatchOptions(scope, collectionPrefix(scope.namespace));
  const connect = (start: Parameters<typeof connectWatch>[3]['start']) =>
    connectWatch(scope.env, scope.type, scope.namespace, { ...options.subscription, start });
  if (scope.request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
    const transport = socketWatch(encoder);
    const session = new WatchSession(scope.type, options, connect, transport.sink);
    await startSession(scope, session);
    return transport.response(session);
  }
  const transport = httpWatch(encoder, heartbeatMillis(scope.env));
  const session = new WatchSession(scope.type, options, connect, transport.sink);
  scope.request.signal.addEventListener('abort', () => transport.sink.end());
  await startSession(scope, session);
  return transport.response(session, { 'content-type': encoder.mediaType });
};

/** Starts the session; the scope's watch slot (rate limiting) is given back when it stops. */
async function startSession(scope: RequestScope, session: WatchSession): Promise<void> {
  if (scope.onWatchStop) session.whenStopped(scope.onWatchStop);
  try {
    await session.start();
  } catch (error) {
    session.stop();
    throw error;
  }
}

/** How often an idle watch stream checks that its client is still there (WATCH_HEARTBEAT_SECONDS, default 30). */
function heartbeatMillis(env: Env): number {
  const seconds = Number(env.WATCH_HEARTBEAT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : 30) * 1000;
}

/** A stream format: JSON, Protobuf or CBOR (YAML has no stream form: 406). */
function streamFormat(scope: RequestScope) {
  return negotiateStream(scope.request.headers.get('accept'), endpointOf(scope, 'object'));
}
