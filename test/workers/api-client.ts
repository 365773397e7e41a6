/** Requests to the Worker under test, inside workerd (the `main` Worker of wrangler.toml). */
import { exports } from 'cloudflare:workers';
import { adminToken, tokenOf } from '../helpers/test-users.mjs';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/**
 * A request as `options.as` (a test user's name; default admin), or anonymous with `as: null`.
 * An explicit authorization header wins.
 */
export async function api(method: string, path: string, options: { body?: unknown; headers?: Record<string, string>; as?: string | null } = {}): Promise<ApiResponse> {
  const headers = new Headers(options.headers ?? {});
  if (!headers.has('authorization') && options.as !== null) headers.set('authorization', `Bearer ${tokenOf(options.as ?? 'admin')}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const response = await (exports as any).default.fetch(new Request(`http://edge.test${path}`, { method, headers, body, redirect: 'manual' }));
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

let counter = 0;
/** A fresh namespace, created through the API. */
export async function freshNamespace(prefix = 'ns'): Promise<string> {
  const name = `${prefix}-${Date.now().toString(36)}-${counter++}`;
  const response = await api('POST', '/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } });
  if (response.status !== 201) throw new Error(`namespace create failed: ${response.text}`);
  return name;
}

export function configMap(name: string, extra: Record<string, unknown> = {}) {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' }, ...extra };
}

/** The admin's Authorization header, for tests that build their own requests. */
export const adminAuthorization = { authorization: `Bearer ${adminToken}` };
