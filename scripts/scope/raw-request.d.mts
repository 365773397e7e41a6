export interface RawAnswer {
  outcome: 'answered' | 'reset' | 'timeout';
  status: number;
  headers: Record<string, string>;
  body: string;
}
export interface RawRequest {
  method: string;
  target: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  idleMillis?: number;
  timeoutMillis?: number;
}
export declare function rawRequest(baseUrl: string, request: RawRequest): Promise<RawAnswer>;
