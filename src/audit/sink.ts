/**
 * A cluster's audit sink in this isolate: its policy and backends, made from its audit
 * configuration text and made again only when that text changes (the webhook's buffer is kept
 * per isolate and cluster, so batches gather the events of many requests).
 */
import { ClusterState, type ClusterContext } from '../cluster/context.js';
import { metricsOf } from '../metrics/families.js';
import { logEvents, WebhookBackend, type AuditCounters, type Background } from './backends.js';
import { parsePolicy, type AuditConfiguration } from './configuration.js';
import type { AuditEvent, Level, Policy } from './types.js';

export class AuditSink {
  private readonly webhook: WebhookBackend | undefined;

  constructor(readonly policy: Policy, private readonly log: boolean, webhookUrl: string | undefined, private readonly counters: AuditCounters & { level(level: Level): void }) {
    this.webhook = webhookUrl ? new WebhookBackend(webhookUrl, counters) : undefined;
  }

  countLevel(level: Level): void {
    this.counters.level(level);
  }

  /** Hands one event to every backend. */
  record(event: AuditEvent, background: Background): void {
    this.counters.sent(1);
    if (this.log) logEvents([event]);
    this.webhook?.enqueue([event], background);
  }
}

const sinks = new ClusterState<{ text?: string; sink?: AuditSink }>(() => ({}));

/** The cluster's sink, or undefined when it audits nothing. */
export function auditSinkOf(cluster: ClusterContext): AuditSink | undefined {
  const texts = cluster.credentials.audit;
  const key = texts ? JSON.stringify(texts) : '';
  const state = sinks.of(cluster);
  if (state.text !== key) {
    state.text = key;
    state.sink = texts?.policy && (texts.log || texts.webhookUrl) ? makeSink(cluster, { ...texts, policy: texts.policy }) : undefined;
  }
  return state.sink;
}

function makeSink(cluster: ClusterContext, texts: { policy: string; log?: boolean; webhookUrl?: string }): AuditSink | undefined {
  let configuration: AuditConfiguration;
  try {
    configuration = { policy: parsePolicy(texts.policy), log: texts.log ?? false, ...(texts.webhookUrl ? { webhookUrl: texts.webhookUrl } : {}) };
  } catch (error) {
    console.error(`cluster ${cluster.name}: ${(error as Error).message}`);
    return undefined;
  }
  const metrics = metricsOf(cluster);
  return new AuditSink(configuration.policy, configuration.log, configuration.webhookUrl, {
    sent: (count) => metrics.auditEvents.add([], count),
    dropped: (plugin, count) => metrics.auditErrors.add([plugin], count),
    level: (level) => metrics.auditLevels.add([level.toLowerCase()]),
  });
}
