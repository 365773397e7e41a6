/**
 * watch (k8s.io/apiserver/pkg/endpoints/handlers/watch.go): negotiate a stream format (JSON,
 * Protobuf or CBOR, possibly a Table or PartialObjectMetadata conversion; YAML is not a watch
 * format), parse and validate the options, open the watch through the Store, and stream events
 * over chunked HTTP or, on an Upgrade, a WebSocket.
 */
import { apiVersionOf } from '../../api/catalog.js';
import { negotiateStream } from '../../codecs/negotiate.js';
import { printerFor } from '../../codecs/printer-registry.js';
import { WatchEventEncoder } from '../watch/encode.js';
import { httpWatch } from '../watch/http-stream.js';
import { parseWatchOptions } from '../watch/watch-options.js';
import { type OpenWatch, WatchSession } from '../watch/session.js';
import { socketWatch } from '../watch/websocket-watch.js';
import { countingWatchEvents } from '../watch/watch-metrics.js';
import { endpointOf, includeObject } from './respond.js';
import type { Handler, RequestScope } from './scope.js';

export const watchHandler: Handler = async (scope) => {
  const list = { kind: scope.type.listKind ?? `${scope.type.kind}List`, apiVersion: apiVersionOf(scope.type.group, scope.type.version) };
  const encoder = new WatchEventEncoder({ format: streamFormat(scope), printer: printerFor(scope.type), includeObject: includeObject(scope.url), list });
  const options = parseWatchOptions(scope);
  const { labelSelector, fieldSelector, start } = options;
  const open: OpenWatch = (listener) => scope.store.watch(scope.namespace, { labelSelector, fieldSelector }, start, listener);
  if (scope.request.headers.get('upgrade')?.toLowerCase() === 'websocket') {
    const transport = socketWatch(encoder);
    const session = new WatchSession(scope.type, options, open, countingWatchEvents(scope.cluster, transport.sink, scope.type));
    await startSession(scope, session);
    return transport.response(session);
  }
  const transport = httpWatch(encoder, scope.cluster.settings.watchHeartbeatMillis);
  const session = new WatchSession(scope.type, options, open, countingWatchEvents(scope.cluster, transport.sink, scope.type));
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

/** A stream format: JSON, Protobuf or CBOR (YAML has no stream form: 406). */
function streamFormat(scope: RequestScope) {
  return negotiateStream(scope.request.headers.get('accept'), endpointOf(scope, 'object'));
}
