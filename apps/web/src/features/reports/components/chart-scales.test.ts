import { scaleBand, scaleLinear } from '@visx/scale';
import { describe, expect, it } from 'vitest';
import { bandScale, linearScale } from './chart-scales.ts';

describe("the chart's scales give d3's results", () => {
  it('linear: nice top, positions and ticks', () => {
    for (const max of [1.1, 3.3, 7.7, 11, 55.5, 123.4, 999, 1234.5, 0.37, 0.0042, 48_000.2]) {
      const d3 = scaleLinear({ domain: [0, max], range: [200, 0], nice: true });
      const ours = linearScale(max, [200, 0]);
      for (const count of [4, 5, 10]) expect(ours.ticks(count), `${max} / ${count}`).toEqual(d3.ticks(count));
      for (const v of [0, max / 3, max]) expect(ours(v)).toBeCloseTo(d3(v), 9);
    }
  });
  it('band: starts, band width and step', () => {
    for (const n of [1, 2, 7, 24, 31]) {
      const keys = Array.from({ length: n }, (_, i) => `k${i}`);
      const d3 = scaleBand({ domain: keys, range: [0, 713], padding: 0.2 });
      const ours = bandScale(keys, 713, 0.2);
      expect(ours.bandwidth()).toBeCloseTo(d3.bandwidth(), 9);
      expect(ours.step()).toBeCloseTo(d3.step(), 9);
      for (const k of keys) expect(ours(k)).toBeCloseTo(d3(k)!, 9);
      expect(ours('none')).toBeUndefined();
    }
  });
});
