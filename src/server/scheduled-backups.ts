/** The Cron Trigger's handler: a scheduled backup run's next steps (src/backup/scheduled.ts), when an R2 bucket is bound. */
import { runScheduledBackups, type BackupState } from '../backup/scheduled.js';
import { clusterDirectory } from './assembly/clusters.js';
import type { Env } from './env.js';

export async function scheduledBackups(env: Env, overrides: { maxParts?: number; partObjects?: number; retention?: number } = {}): Promise<BackupState | undefined> {
  if (!env.BACKUPS) return undefined;
  return runScheduledBackups({
    bucket: env.BACKUPS, clusters: clusterDirectory(env),
    retention: Number(env.BACKUP_RETENTION ?? 7) || 7,
    budgetMillis: (Number(env.BACKUP_BUDGET_SECONDS ?? 60) || 60) * 1000,
    ...overrides,
  });
}
