/**
 * The outbox of a ResourceStore: lifecycle events written in the same transaction as the write
 * that caused them, then delivered to the lifecycle controller shards by the store's alarm. A
 * batch is deleted only once every shard it addresses accepted it; a failed delivery is retried
 * whole (the controllers apply events idempotently), so no event is lost across restarts and the
 * events of one store reach each shard in commit order.
 */
import type { LifecycleEvent } from '../lifecycle/events.js';
import { eventShards } from '../lifecycle/routing.js';

/** Events per delivery round. */
const batchSize = 200;

export function appendOutbox(sql: SqlStorage, event: LifecycleEvent): void {
  sql.exec('INSERT INTO outbox (event) VALUES (?)', JSON.stringify(event));
}

export function outboxSize(sql: SqlStorage): number {
  return sql.exec<{ n: number }>('SELECT count(*) AS n FROM outbox').one().n;
}

/** Receives one shard's events, in order; resolves once they are durably accepted. */
export type Deliver = (shard: number, events: LifecycleEvent[]) => Promise<void>;

/**
 * Delivers the oldest batch of the outbox and removes it; returns how many events went (0 when
 * the outbox is empty). Throws when a shard refused or could not be reached: the batch stays.
 */
export async function deliverOutboxBatch(sql: SqlStorage, shards: number, deliver: Deliver): Promise<number> {
  const rows = sql.exec<{ seq: number; event: string }>('SELECT seq, event FROM outbox ORDER BY seq LIMIT ?', batchSize).toArray();
  if (rows.length === 0) return 0;
  const byShard = new Map<number, LifecycleEvent[]>();
  for (const row of rows) {
    const event = JSON.parse(row.event) as LifecycleEvent;
    for (const shard of eventShards(event, shards)) {
      const list = byShard.get(shard);
      if (list) list.push(event);
      else byShard.set(shard, [event]);
    }
  }
  await Promise.all([...byShard].map(([shard, events]) => deliver(shard, events)));
  sql.exec('DELETE FROM outbox WHERE seq <= ?', rows[rows.length - 1]!.seq);
  return rows.length;
}
