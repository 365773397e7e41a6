/**
 * cel-go's optional types library (cel.OptionalTypes): optional.of, optional.ofNonZeroValue,
 * optional.none, and the value, hasValue, or and orValue members. optMap / optFlatMap and the
 * `.?` / `[?]` forms are evaluated by the interpreter.
 */
import { isCelUint } from '@bufbuild/cel';
import { EvalError, KList, KMap, Optional, type Value } from '../values/kinds.js';
import type { RuntimeLibrary } from './types.js';

interface TimeMessage {
  desc?: { typeName: string };
  message?: { seconds: bigint; nanos: number };
}

/** The zero value test of optional.ofNonZeroValue. */
function isZero(value: Value): boolean {
  if (value === null || value === false || value === '' || value === 0 || value === 0n) return true;
  if (isCelUint(value)) return value.value === 0n;
  if (value instanceof KList || value instanceof KMap || value instanceof Uint8Array) return (value instanceof Uint8Array ? value.length : value.size) === 0;
  const time = value as unknown as TimeMessage;
  if (time?.desc?.typeName === 'google.protobuf.Duration') return time.message!.seconds === 0n && time.message!.nanos === 0;
  if (time?.desc?.typeName === 'google.protobuf.Timestamp') return time.message!.seconds === -62135596800n && time.message!.nanos === 0;
  return false;
}

export const optionalLibrary: RuntimeLibrary = {
  'optional.of': (_target, [value]) => (value === undefined ? undefined : new Optional(value)),
  'optional.ofNonZeroValue': (_target, [value]) => (value === undefined ? undefined : isZero(value) ? Optional.none : new Optional(value)),
  'optional.none': () => Optional.none,
  value: (target) => {
    if (!(target instanceof Optional)) return undefined;
    return target.value ?? new EvalError('optional.none() dereference');
  },
  hasValue: (target) => (target instanceof Optional ? target.value !== undefined : undefined),
  or: (target, [other]) => (target instanceof Optional && other instanceof Optional ? (target.value !== undefined ? target : other) : undefined),
  orValue: (target, [other]) => (target instanceof Optional && other !== undefined ? (target.value ?? other) : undefined),
};
