/** Types of events.mjs, for the tests. */
export interface AuditRequest {
  key: string;
  received: string;
  stages: Record<string, Record<string, unknown>>;
}
export interface Difference {
  path: string;
  a: unknown;
  b: unknown;
}
export const ignoredKeys: Record<string, string>;
export function normalizeText(text: string): string;
export function normalize(value: unknown): unknown;
export function harnessRequest(event: Record<string, unknown>): boolean;
export function requestsOf(text: string, keep?: (event: Record<string, unknown>) => boolean): AuditRequest[];
export function align(a: AuditRequest[], b: AuditRequest[]): [AuditRequest | null, AuditRequest | null][];
export function differences(a: unknown, b: unknown, path?: string): Difference[];
export function compare(pairs: [AuditRequest | null, AuditRequest | null][]): { key: string; stage: string; diffs: Difference[] }[];
