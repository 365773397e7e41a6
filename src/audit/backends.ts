/**
 * Where a cluster's audit events go, per isolate: the log backend (one JSON line per event on the
 * Worker's log: Workers Logs on the platform; `npm start` writes them to a file), and the webhook
 * backend (kube's batching webhook: events buffered, POSTed as an audit.k8s.io/v1 EventList in
 * batches, retried with backoff). Nothing here delays a response: a batch is sent in the
 * background work (ctx.waitUntil) of the request that started it, at most one batch window open
 * at a time, so each invocation makes a bounded number of subrequests. A full buffer drops the
 * event and counts it (apiserver_audit_error_total{plugin="webhook"}); it never blocks a request.
 */
import type { AuditEvent } from './types.js';

export type Background = (work: Promise<unknown>) => void;

/** kube's buffered backend defaults, scaled to an isolate: buffer 10,000, batches of at most 400. */
export const webhookLimits = { bufferSize: 10_000, batchMaxSize: 400, batchMaxWaitMillis: 1_000, retries: 3, initialBackoffMillis: 500, timeoutMillis: 10_000 };

export interface AuditCounters {
  sent(count: number): void;
  dropped(plugin: string, count: number): void;
}

/** Writes each event as one JSON line (kube's log backend with --audit-log-format=json). */
export function logEvents(events: AuditEvent[]): void {
  for (const event of events) console.log(JSON.stringify(event));
}

export class WebhookBackend {
  private buffer: AuditEvent[] = [];
  private open = false;

  constructor(readonly url: string, private readonly counters: AuditCounters, private readonly fetcher: typeof fetch = (input, init) => fetch(input, init)) {}

  /** Buffers events (dropping what does not fit) and makes sure a batch will be sent. */
  enqueue(events: AuditEvent[], background: Background): void {
    const room = webhookLimits.bufferSize - this.buffer.length;
    if (events.length > room) this.counters.dropped('webhook', events.length - Math.max(room, 0));
    this.buffer.push(...events.slice(0, Math.max(room, 0)));
    if (this.open || !this.buffer.length) return;
    this.open = true;
    background(this.sendAfterWindow());
  }

  /** How many events wait to be sent. */
  get pending(): number {
    return this.buffer.length;
  }

  private async sendAfterWindow(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, webhookLimits.batchMaxWaitMillis));
    this.open = false;
    while (this.buffer.length) {
      const batch = this.buffer.splice(0, webhookLimits.batchMaxSize);
      if (!(await this.post(batch))) this.counters.dropped('webhook', batch.length);
    }
  }

  /** POSTs one EventList, retried with exponential backoff on failure or a non-2xx answer. */
  private async post(batch: AuditEvent[]): Promise<boolean> {
    const body = JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', metadata: {}, items: batch });
    let backoff = webhookLimits.initialBackoffMillis;
    for (let attempt = 0; attempt <= webhookLimits.retries; attempt++) {
      try {
        const response = await this.fetcher(this.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(webhookLimits.timeoutMillis) });
        await response.body?.cancel();
        if (response.status >= 200 && response.status < 300) return true;
      } catch {
        // a transport failure: retried like a non-2xx answer
      }
      if (attempt < webhookLimits.retries) await new Promise((resolve) => setTimeout(resolve, backoff));
      backoff *= 2;
    }
    console.error(`audit webhook ${this.url}: ${batch.length} events not delivered after ${webhookLimits.retries + 1} attempts`);
    return false;
  }
}
