// A request's timeline in the Worker (src/server/timeline.ts, src/apimachinery/timeline.ts): only
// with the binding on and the request's header; storage spans land on the request they belong to.
import { describe, expect, it } from 'vitest';
import { endSpan, startSpan } from '../../src/apimachinery/timeline.js';
import { timed, withTimeline } from '../../src/server/timeline.js';
import type { Env } from '../../src/server/env.js';

const asked = new Request('http://x/version', { headers: { 'edge-timeline': '1' } });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('timed', () => {
  it('needs both the binding and the header', () => {
    expect(timed(asked, { EDGE_TIMELINE: 'on' } as Env)).toBe(true);
    expect(timed(asked, {} as Env)).toBe(false);
    expect(timed(new Request('http://x/version'), { EDGE_TIMELINE: 'on' } as Env)).toBe(false);
  });
});

describe('withTimeline', () => {
  it('answers with the Worker\'s start, each storage call as a span and the response', async () => {
    const response = await withTimeline(async () => {
      const span = startSpan('storage get');
      await sleep(5);
      endSpan(span);
      return new Response('ok');
    });
    expect(response.headers.get('edge-timeline')).toMatch(/^worker=\d+;storage get=(\d+)-(\d+);response=\d+$/);
    const [, start, end] = /storage get=(\d+)-(\d+)/.exec(response.headers.get('edge-timeline')!)!;
    expect(Number(end)).toBeGreaterThanOrEqual(Number(start));
  });

  it('keeps concurrent requests\' spans apart, and marks nothing outside a timed request', async () => {
    expect(startSpan('storage get')).toBeNull();
    const serve = (name: string) => withTimeline(async () => {
      await sleep(1);
      endSpan(startSpan(name));
      return new Response(name);
    });
    const [first, second] = await Promise.all([serve('storage create'), serve('storage delete')]);
    expect(first.headers.get('edge-timeline')).toContain('storage create=');
    expect(first.headers.get('edge-timeline')).not.toContain('storage delete');
    expect(second.headers.get('edge-timeline')).toContain('storage delete=');
  });
});
