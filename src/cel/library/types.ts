/**
 * The shape of runtime library functions: called with the receiver (for `x.f()` calls), the
 * arguments and the overload the checker chose; they return a value, an EvalError, or undefined
 * when no overload applies to these runtime values (`no such overload`).
 */
import type { Value } from '../values/kinds.js';

export type RuntimeFunction = (target: Value | undefined, args: Value[], overloadId: string) => Value | undefined;

export type RuntimeLibrary = Record<string, RuntimeFunction>;
