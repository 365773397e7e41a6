/** Kinds of apps, batch, rbac, coordination, networking, policy, scheduling, storage, ... (filled in by the workload kinds work). */
import type { KindSemanticsTable } from '../types.js';

export const workloadKinds: KindSemanticsTable = {};
