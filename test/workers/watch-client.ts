/** Reading watch streams from the Worker under test, event by event. */
import { exports } from 'cloudflare:workers';
import { adminAuthorization } from './api-client.js';
import { jsonLines } from '../helpers/json-lines.js';

export interface WatchEvent {
  type: string;
  object: any;
}

export interface WatchStream {
  status: number;
  headers: Headers;
  /** The next event, or null when the stream ended or nothing came within `timeoutMillis`. */
  next(timeoutMillis?: number): Promise<WatchEvent | null>;
  /** Every event until the stream ends (or `timeoutMillis` passes without one). */
  rest(timeoutMillis?: number): Promise<WatchEvent[]>;
  close(): Promise<void>;
  body: any;
}

export async function watch(path: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<WatchStream> {
  const response: Response = await (exports as any).default.fetch(new Request(`http://edge.test${path}`, { headers: { ...adminAuthorization, ...headers }, signal }));
  const reader = response.body!.getReader();
  const { next } = jsonLines<WatchEvent>(reader, 2000);
  const rest = async (timeoutMillis = 2000) => {
    const events: WatchEvent[] = [];
    for (let event = await next(timeoutMillis); event; event = await next(timeoutMillis)) events.push(event);
    return events;
  };
  let body: any;
  if (response.status !== 200) body = JSON.parse(new TextDecoder().decode((await reader.read()).value));
  return { status: response.status, headers: response.headers, next, rest, close: () => reader.cancel(), body };
}

/** `TYPE name` of each event, the compact form tests compare. */
export const summary = (events: WatchEvent[]) =>
  events.map((event) => (event.type === 'BOOKMARK' ? `BOOKMARK${event.object.metadata.annotations ? ':end' : ''}` : `${event.type} ${event.object.metadata?.name ?? event.object.rows?.[0]?.cells?.[0]}`));
