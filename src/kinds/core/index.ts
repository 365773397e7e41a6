/** Kinds of the core group (filled in by the core kinds work). */
import type { KindSemanticsTable } from '../types.js';

export const coreKinds: KindSemanticsTable = {};
