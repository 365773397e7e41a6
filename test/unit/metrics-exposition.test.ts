/** The Prometheus text format as client_golang writes it for kube-apiserver. */
import { describe, expect, it } from 'vitest';
import { Family, numberText } from '../../src/metrics/registry.js';

describe('numbers', () => {
  it.each([[0, '0'], [1, '1'], [461, '461'], [100000, '100000'], [1e6, '1e+06'], [1234567, '1.234567e+06'], [0.005, '0.005'], [1e-5, '1e-05'], [0.0144, '0.0144'], [Infinity, '+Inf']])(
    '%s as Go formats it', (value, text) => expect(numberText(value)).toBe(text));
});

describe('families', () => {
  it('sorts label names and series, and writes HELP and TYPE', () => {
    const family = new Family('demo_total', '[STABLE] A demo.', 'counter', ['verb', 'code']);
    family.add(['PUT', '200']);
    family.add(['GET', '404'], 2);
    family.add(['GET', '200']);
    expect(family.render()).toBe('# HELP demo_total [STABLE] A demo.\n# TYPE demo_total counter\n'
      + 'demo_total{code="200",verb="GET"} 1\ndemo_total{code="200",verb="PUT"} 1\ndemo_total{code="404",verb="GET"} 2\n');
  });

  it('writes cumulative buckets, +Inf, sum and count of a histogram', () => {
    const family = new Family('demo_seconds', '[STABLE] Latency.', 'histogram', ['verb'], [0.1, 1]);
    family.observe(['GET'], 0.05);
    family.observe(['GET'], 0.5);
    family.observe(['GET'], 5);
    expect(family.render()).toBe('# HELP demo_seconds [STABLE] Latency.\n# TYPE demo_seconds histogram\n'
      + 'demo_seconds_bucket{verb="GET",le="0.1"} 1\ndemo_seconds_bucket{verb="GET",le="1"} 2\ndemo_seconds_bucket{verb="GET",le="+Inf"} 3\n'
      + 'demo_seconds_sum{verb="GET"} 5.55\ndemo_seconds_count{verb="GET"} 3\n');
  });

  it('escapes label values and leaves out a family without series', () => {
    const family = new Family('demo', 'x', 'gauge', ['path']);
    expect(family.render()).toBe('');
    family.set(['a"b\\c\nd'], 1);
    expect(family.render()).toContain('demo{path="a\\"b\\\\c\\nd"} 1\n');
  });

  it('adds through an adder resolved once, and starts its series again after a clear', () => {
    const family = new Family('demo_total', 'x', 'counter', ['kind']);
    const pods = family.adder(['Pod']);
    pods.add();
    pods.add(2);
    family.add(['Pod']);
    expect(family.render()).toContain('demo_total{kind="Pod"} 4\n');
    family.clear();
    pods.add();
    expect(family.render()).toContain('demo_total{kind="Pod"} 1\n');
  });
});
