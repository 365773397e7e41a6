/** The pure parts of the request filters: anonymous paths, the per-user token bucket, the watch cap. */
import { beforeEach, describe, expect, it } from 'vitest';
import { anonymousAllowed } from '../../src/auth/authenticate.js';
import { RateLimiter } from '../../src/flowcontrol/rate-limit.js';
import { settingsOf } from '../../src/cluster/settings.js';
import { StatusError } from '../../src/apimachinery/status.js';
import type { Env } from '../../src/server/env.js';

const env = (vars: Partial<Env> = {}) => settingsOf(vars as Env).anonymousPaths;
const settings = (vars: Partial<Env>) => settingsOf(vars as Env).rateLimit;

describe('anonymous paths', () => {
  it('allows health and version by default, with per-check health paths, and nothing else', () => {
    for (const path of ['/livez', '/readyz', '/healthz', '/version', '/readyz/ping', '/livez/etcd']) expect(anonymousAllowed(env(), path), path).toBe(true);
    for (const path of ['/api', '/apis', '/version/x', '/openapi/v3', '/.well-known/openid-configuration', '/livezz']) expect(anonymousAllowed(env(), path), path).toBe(false);
  });

  it('follows ANONYMOUS_PATHS: a list, `*` for all, empty for none', () => {
    expect(anonymousAllowed(env({ ANONYMOUS_PATHS: '/version, /openid/v1/jwks' }), '/openid/v1/jwks')).toBe(true);
    expect(anonymousAllowed(env({ ANONYMOUS_PATHS: '/version' }), '/readyz')).toBe(false);
    expect(anonymousAllowed(env({ ANONYMOUS_PATHS: '*' }), '/api/v1/pods')).toBe(true);
    expect(anonymousAllowed(env({ ANONYMOUS_PATHS: '' }), '/version')).toBe(false);
  });
});

describe('rate limits', () => {
  let limiter = new RateLimiter();
  beforeEach(() => {
    limiter = new RateLimiter();
  });
  const admitRequest = (limits: ReturnType<typeof settings>, user: string, now: number) => limiter.admitRequest(limits, user, now);
  const admitWatch = (limits: ReturnType<typeof settings>, user: string) => limiter.admitWatch(limits, user);

  function refusal(run: () => void): StatusError | undefined {
    try {
      run();
      return undefined;
    } catch (error) {
      return error as StatusError;
    }
  }

  it('lets a burst through, then answers 429 with Retry-After until tokens come back', () => {
    const limits = settings({ RATE_LIMIT_QPS: '2', RATE_LIMIT_BURST: '3' });
    for (let i = 0; i < 3; i++) admitRequest(limits, 'alice', 1_000);
    const error = refusal(() => admitRequest(limits, 'alice', 1_000));
    expect(error?.status).toMatchObject({ code: 429, reason: 'TooManyRequests', message: 'Too many requests, please try again later.', details: { retryAfterSeconds: 1 } });
    expect(refusal(() => admitRequest(limits, 'alice', 1_600))).toBeUndefined();
  });

  it('keeps one bucket per user', () => {
    const limits = settings({ RATE_LIMIT_QPS: '1', RATE_LIMIT_BURST: '1' });
    admitRequest(limits, 'alice', 0);
    expect(refusal(() => admitRequest(limits, 'alice', 0))?.code).toBe(429);
    expect(refusal(() => admitRequest(limits, 'bob', 0))).toBeUndefined();
  });

  it('caps no watches unless WATCH_LIMIT_PER_USER says (kube has no per-user watch cap)', () => {
    // kube-apiserver v1.32.13 (asked: 300 watches of one token open at once, all 200) has no such cap;
    // kcm, the scheduler and kubelets sharing one identity hold hundreds.
    const limits = settings({});
    for (let i = 0; i < 1_000; i++) expect(refusal(() => admitWatch(limits, 'system:admin'))).toBeUndefined();
  });

  it('caps open watches per user when asked and gives a slot back once', () => {
    const limits = settings({ WATCH_LIMIT_PER_USER: '2' });
    const first = admitWatch(limits, 'bob');
    admitWatch(limits, 'bob');
    expect(refusal(() => admitWatch(limits, 'bob'))?.code).toBe(429);
    first();
    first();
    expect(refusal(() => admitWatch(limits, 'bob'))).toBeUndefined();
    expect(refusal(() => admitWatch(limits, 'bob'))?.code).toBe(429);
  });
});
