/** Ages as kube prints them (duration.HumanDuration; cases from its duration_test.go). */
import { describe, expect, it } from 'vitest';
import { humanDuration } from '../../src/codecs/human-duration.js';

const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;
const y = 365 * d;

describe('humanDuration', () => {
  it.each([
    [-2 * s, '<invalid>'], [-1 * s, '0s'], [0, '0s'], [1 * s, '1s'], [59 * s, '59s'], [119 * s, '119s'],
    [2 * m, '2m'], [2 * m + 1 * s, '2m1s'], [9 * m + 59 * s, '9m59s'], [10 * m, '10m'], [179 * m, '179m'],
    [3 * h, '3h'], [3 * h + 1 * m, '3h1m'], [7 * h + 59 * m, '7h59m'], [8 * h, '8h'], [47 * h, '47h'],
    [48 * h, '2d'], [2 * d + 1 * h, '2d1h'], [7 * d + 23 * h, '7d23h'], [8 * d, '8d'], [729 * d, '729d'],
    [2 * y, '2y'], [2 * y + 1 * d, '2y1d'], [8 * y, '8y'],
  ])('%d ms -> %s', (milliseconds, want) => {
    expect(humanDuration(milliseconds)).toBe(want);
  });
});
