/** The semantics of every built-in kind that has some (see types.ts). */
import { coreKinds } from './core/index.js';
import type { KindSemantics } from './types.js';
import { workloadKinds } from './workloads/index.js';

const table: Record<string, KindSemantics> = { ...coreKinds, ...workloadKinds };

/** The semantics of `group/kind`, or an empty object for kinds without any. */
export function kindSemantics(group: string, kind: string): KindSemantics {
  return table[`${group}/${kind}`] ?? {};
}
