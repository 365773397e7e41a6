import type { RawAnswer } from './raw-request.mjs';
import type { ScopeQuestion } from './questions.mjs';
export interface AnswerSummary { status: number | string; [field: string]: unknown }
export declare function ask(server: string, token: string, question: Pick<ScopeQuestion, 'method' | 'target' | 'body' | 'contentType' | 'idle'>): Promise<RawAnswer>;
export declare function summarize(answer: RawAnswer): AnswerSummary;
export declare function deliveredTarget(target: string): string;
export declare function resolvedByPlatform(target: string): boolean;
