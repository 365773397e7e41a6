export function auditRequests(): [string, string, string, unknown?, Record<string, string>?][];
export function sendAuditRequests(url: string, token: string): Promise<void>;
export function normalizeEvent(value: unknown): unknown;
export function comparedEvents(lines: string): Map<string, unknown>;
export function comparedIds(): Set<string>;
