/**
 * Closed CustomResourceDefinitions: the uids of definitions whose cleanup began (their CRD is
 * being deleted). A shard refuses every create admitted under one (ObjectWrite.definition), so
 * once the close committed no custom resource of the definition appears here again, however
 * stale the catalog of the isolate that admitted the create: the cleanup's list that follows
 * sees every object the definition will ever have. A CRD made again under the same name has
 * another uid and is not closed. Rows are a uid each and stay (a definition never reopens).
 */

/** Records `uid` as closed (idempotent); inside the caller's transaction. */
export function closeDefinition(sql: SqlStorage, uid: string): void {
  sql.exec('INSERT OR IGNORE INTO closed_definitions (uid) VALUES (?)', uid);
}

/** Whether definition `uid` is closed. */
export function isClosed(sql: SqlStorage, uid: string): boolean {
  return sql.exec('SELECT 1 FROM closed_definitions WHERE uid = ?', uid).toArray().length > 0;
}
