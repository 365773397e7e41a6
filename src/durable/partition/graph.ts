/**
 * The state a controller partition keeps in its SQLite storage, for the objects whose uid
 * falls in the partition (see partitions.ts):
 *   - edges: owner uid -> dependent (with its coordinates and blockOwnerDeletion), one row per
 *     ownerReference, as the dependents' events last reported them;
 *   - owners: what is known of an owner that has dependents or is being deleted: `unverified`
 *     (only named by a dependent so far), `present`, `orphaning` (deleting with the orphan
 *     finalizer), `deletingDependents` (with foregroundDeletion) or `gone`;
 *   - tasks: durable work, one row per (kind, uid), due at a time, retried with backoff;
 *   - custom_types: the custom resource types (group, plural) of every CRD ever heard of, that is
 *     the storage shards of custom resources the cluster may have, which erasing it must reach.
 */
import type { ObjectCoordinates } from './events.js';

export const graphSchema = [
  `CREATE TABLE IF NOT EXISTS edges (
     owner_uid TEXT NOT NULL, dependent_uid TEXT NOT NULL, dependent TEXT NOT NULL, block INTEGER NOT NULL,
     PRIMARY KEY (owner_uid, dependent_uid))`,
  `CREATE INDEX IF NOT EXISTS edges_by_dependent ON edges(dependent_uid)`,
  `CREATE TABLE IF NOT EXISTS owners (uid TEXT PRIMARY KEY, state TEXT NOT NULL, locator TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS tasks (
     id TEXT PRIMARY KEY, kind TEXT NOT NULL, uid TEXT NOT NULL, payload TEXT NOT NULL,
     due INTEGER NOT NULL, attempts INTEGER NOT NULL, version INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS tasks_by_due ON tasks(due)`,
  `CREATE TABLE IF NOT EXISTS custom_types (grp TEXT NOT NULL, resource TEXT NOT NULL, PRIMARY KEY (grp, resource))`,
];

export type OwnerState = 'unverified' | 'present' | 'orphaning' | 'deletingDependents' | 'gone';

/** An object known by its coordinates and uid. */
export interface ObjectRef extends ObjectCoordinates {
  uid: string;
}

/**
 * How to find an owner: exactly (from its own events), or as a dependent names it (apiVersion,
 * kind, name; a namespaced owner lives in the dependent's namespace).
 */
export type Locator =
  | { object: ObjectRef }
  | { reference: { apiVersion: string; kind: string; name: string; uid: string }; namespace: string; dependentNamespaced: boolean };

export interface Edge {
  ownerUid: string;
  dependent: ObjectRef;
  block: boolean;
}

export interface Owner {
  uid: string;
  state: OwnerState;
  locator: Locator;
}

export type TaskKind = 'owner' | 'verify' | 'expire' | 'namespace' | 'crd' | 'controlplane';

export interface Task {
  id: string;
  kind: TaskKind;
  uid: string;
  payload: ObjectRef | Locator | null;
  due: number;
  attempts: number;
  version: number;
}

/** SQL over the partition's tables. Every method is synchronous; callers own transactions. */
export class Graph {
  constructor(private readonly sql: SqlStorage) {}

  putEdge(ownerUid: string, dependent: ObjectRef, block: boolean): void {
    this.sql.exec('INSERT OR REPLACE INTO edges (owner_uid, dependent_uid, dependent, block) VALUES (?, ?, ?, ?)',
      ownerUid, dependent.uid, JSON.stringify(dependent), block ? 1 : 0);
  }

  removeEdge(ownerUid: string, dependentUid: string): void {
    this.sql.exec('DELETE FROM edges WHERE owner_uid = ? AND dependent_uid = ?', ownerUid, dependentUid);
  }

  /** Forgets a dependent that is gone or has no owners left. */
  removeDependent(dependentUid: string): void {
    this.sql.exec('DELETE FROM edges WHERE dependent_uid = ?', dependentUid);
  }

  edgesOf(ownerUid: string): Edge[] {
    return this.sql.exec<{ dependent: string; block: number }>('SELECT dependent, block FROM edges WHERE owner_uid = ?', ownerUid)
      .toArray().map((row) => ({ ownerUid, dependent: JSON.parse(row.dependent) as ObjectRef, block: row.block === 1 }));
  }

  hasEdges(ownerUid: string): boolean {
    return this.sql.exec('SELECT 1 FROM edges WHERE owner_uid = ? LIMIT 1', ownerUid).toArray().length > 0;
  }

  /** Dependents with blockOwnerDeletion still recorded: what a foreground deletion waits for. */
  blockingCount(ownerUid: string): number {
    return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM edges WHERE owner_uid = ? AND block = 1', ownerUid).one().n;
  }

  owner(uid: string): Owner | null {
    const row = this.sql.exec<{ state: string; locator: string }>('SELECT state, locator FROM owners WHERE uid = ?', uid).toArray()[0];
    return row ? { uid, state: row.state as OwnerState, locator: JSON.parse(row.locator) as Locator } : null;
  }

  setOwner(uid: string, state: OwnerState, locator: Locator): void {
    this.sql.exec('INSERT OR REPLACE INTO owners (uid, state, locator) VALUES (?, ?, ?)', uid, state, JSON.stringify(locator));
  }

  forgetOwner(uid: string): void {
    this.sql.exec('DELETE FROM owners WHERE uid = ?', uid);
  }

  /** Schedules (or reschedules) task `kind` for `uid` at `due`; an earlier due time wins. */
  schedule(kind: TaskKind, uid: string, payload: Task['payload'], due: number): void {
    this.sql.exec(
      `INSERT INTO tasks (id, kind, uid, payload, due, attempts, version) VALUES (?, ?, ?, ?, ?, 0, 1)
       ON CONFLICT(id) DO UPDATE SET payload = excluded.payload, due = min(tasks.due, excluded.due), version = tasks.version + 1`,
      `${kind}:${uid}`, kind, uid, JSON.stringify(payload), due,
    );
  }

  /** Sets a task's due time outright (a later check, a retry). */
  reschedule(task: Task, due: number, failed: boolean): void {
    this.sql.exec('UPDATE tasks SET due = ?, attempts = attempts + ? WHERE id = ? AND version = ?', due, failed ? 1 : 0, task.id, task.version);
  }

  /** Removes a finished task, unless it was scheduled again while it ran. */
  finish(task: Task): void {
    this.sql.exec('DELETE FROM tasks WHERE id = ? AND version = ?', task.id, task.version);
  }

  dueTasks(now: number, limit: number): Task[] {
    return this.sql.exec<{ id: string; kind: string; uid: string; payload: string; due: number; attempts: number; version: number }>(
      'SELECT * FROM tasks WHERE due <= ? ORDER BY due LIMIT ?', now, limit,
    ).toArray().map((row) => ({ ...row, kind: row.kind as TaskKind, payload: JSON.parse(row.payload) as Task['payload'] }));
  }

  /** When the next task is due, or null without tasks. */
  nextDue(): number | null {
    return this.sql.exec<{ due: number | null }>('SELECT min(due) AS due FROM tasks').one().due;
  }

  taskCount(): number {
    return this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM tasks').one().n;
  }

  /** Remembers a custom resource type (group, plural) a CRD defined. */
  recordCustomType(group: string, resource: string): void {
    this.sql.exec('INSERT OR IGNORE INTO custom_types (grp, resource) VALUES (?, ?)', group, resource);
  }

  /** Every custom resource type recorded. */
  customTypes(): { group: string; resource: string }[] {
    return this.sql.exec<{ grp: string; resource: string }>('SELECT grp, resource FROM custom_types').toArray().map((row) => ({ group: row.grp, resource: row.resource }));
  }
}
