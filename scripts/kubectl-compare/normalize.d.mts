/** Types of normalize.mjs, for the tests. */
export const normalizations: string[];
export function normalize(text: string): string;
export function sortedBlocks(text: string, kind?: 'rows' | 'describe'): string;
