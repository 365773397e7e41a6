export interface ScopeQuestion {
  id: string;
  segment: string;
  group: string;
  shape: string;
  method: string;
  target: string;
  contentType?: string;
  body?: string;
  idle?: boolean;
}
export declare const segments: Record<string, string>;
export declare function scopeQuestions(): ScopeQuestion[];
