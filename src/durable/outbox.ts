/**
 * The outbox of a storage shard: messages a write sends (the controllers' events), stored in the
 * write's own transaction and delivered by the shard's alarm after the commit. A batch is deleted
 * only once every destination accepted its part; a failed delivery is retried whole (receivers
 * apply messages idempotently), so no message is lost across restarts and each destination gets
 * the messages of one shard in commit order.
 */
import type { PartitionAddress } from './addresses.js';
import type { OutboxMessage } from './protocol.js';

/** Messages per delivery round. */
const batchSize = 200;

export function appendOutbox(sql: SqlStorage, messages: OutboxMessage[]): void {
  for (const { to, body } of messages) {
    sql.exec('INSERT INTO outbox_messages (cluster, partition, body) VALUES (?, ?, ?)', to.cluster, to.partition, body);
  }
}

export function outboxSize(sql: SqlStorage): number {
  return sql.exec<{ n: number }>('SELECT count(*) AS n FROM outbox_messages').one().n;
}

/** Receives one destination's message bodies (parsed JSON), in order; resolves once they are durably accepted. */
export type Deliver = (to: PartitionAddress, bodies: unknown[]) => Promise<void>;

interface OutboxRow {
  seq: number;
  cluster: string;
  partition: number;
  body: string;
  [column: string]: SqlStorageValue;
}

/**
 * Delivers the oldest batch of the outbox and removes it; returns how many messages went (0 when
 * the outbox is empty). Throws when a destination refused or could not be reached: the batch stays.
 */
export async function deliverOutboxBatch(sql: SqlStorage, deliver: Deliver): Promise<number> {
  const rows = sql.exec<OutboxRow>('SELECT seq, cluster, partition, body FROM outbox_messages ORDER BY seq LIMIT ?', batchSize).toArray();
  if (rows.length === 0) return 0;
  const byDestination = new Map<string, { to: PartitionAddress; bodies: unknown[] }>();
  for (const row of rows) {
    const key = `${row.cluster}/${row.partition}`;
    let group = byDestination.get(key);
    if (!group) byDestination.set(key, (group = { to: { cluster: row.cluster, partition: row.partition }, bodies: [] }));
    group.bodies.push(JSON.parse(row.body));
  }
  await Promise.all([...byDestination.values()].map(({ to, bodies }) => deliver(to, bodies)));
  sql.exec('DELETE FROM outbox_messages WHERE seq <= ?', rows[rows.length - 1]!.seq);
  return rows.length;
}
