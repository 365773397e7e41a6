import { describe, expect, it } from 'vitest';
import { ContinueTokenError, decodeContinue, encodeContinue } from '../../src/apimachinery/continue-token.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('continue tokens', () => {
  it('encodes exactly as kube-apiserver (golden 043)', () => {
    expect(encodeContinue('golden/c1', 'golden/', 197)).toBe('eyJ2IjoibWV0YS5rOHMuaW8vdjEiLCJydiI6MTk3LCJzdGFydCI6ImMxXHUwMDAwIn0');
  });

  it('round-trips to the key after the last one returned', () => {
    const token = encodeContinue('ns-a/cm-07', '', 1_763_719_234_567_890);
    expect(decodeContinue(token, '')).toEqual({ key: 'ns-a/cm-07', inclusive: false, resourceVersion: 1_763_719_234_567_890 });
  });

  it('accepts rv -1 (continue at the newest state)', () => {
    expect(decodeContinue(b64('{"v":"meta.k8s.io/v1","rv":-1,"start":"x\\u0000"}'), 'p/').resourceVersion).toBe(-1);
  });

  it('treats a start key without the NUL successor as inclusive', () => {
    expect(decodeContinue(b64('{"v":"meta.k8s.io/v1","rv":5,"start":"b"}'), 'p/')).toEqual({ key: 'p/b', inclusive: true, resourceVersion: 5 });
  });

  it.each([
    ['not base64 json (golden 044)', 'not-a-token', "continue key is not valid: invalid character '\\u009e' looking for beginning of value"],
    ['illegal base64 character', 'abc$', 'continue key is not valid: illegal base64 data at input byte 3'],
    ['empty json', '', 'continue key is not valid: unexpected end of JSON input'],
    ['bad object key', b64('{x'), "continue key is not valid: invalid character 'x' looking for beginning of object key string"],
    ['unknown version', b64('{"v":"v9","rv":1,"start":"a"}'), 'continue key is not valid: server does not recognize this encoded version v9'],
    ['zero resourceVersion', b64('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}'), 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)'],
    ['empty start', b64('{"v":"meta.k8s.io/v1","rv":3,"start":""}'), 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)'],
    ['path traversal', b64('{"v":"meta.k8s.io/v1","rv":3,"start":"../other/x"}'), 'continue key is not valid: ../other/x'],
    ['rv of the wrong type', b64('{"v":"meta.k8s.io/v1","rv":"3","start":"a"}'), 'continue key is not valid: json: cannot unmarshal string into Go struct field continueToken.rv of type int64'],
  ])('%s', (_name, token, message) => {
    expect(() => decodeContinue(token, 'ns/')).toThrowError(new ContinueTokenError(message));
  });
});
