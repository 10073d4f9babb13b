import type { LinearScale } from './chart-axes.tsx';

/**
 * The chart's two scales, written here: d3's linear scale (through @visx/scale) brings the whole of
 * d3-interpolate and d3-color (~5 kB compressed) for what is a line through zero. Same results as
 * d3's: `nice` and `ticks` use its round steps (1, 2, 5 × 10ⁿ).
 */

const E10 = Math.sqrt(50);
const E5 = Math.sqrt(10);
const E2 = Math.sqrt(2);

/** d3's tickIncrement(0, stop, count): a round step, or for steps under 1 minus its inverse (exact in floats). */
function increment(stop: number, count: number): number {
  const step = stop / count;
  const power = Math.floor(Math.log10(step));
  const error = step / 10 ** power;
  const factor = error >= E10 ? 10 : error >= E5 ? 5 : error >= E2 ? 2 : 1;
  return power >= 0 ? factor * 10 ** power : -(10 ** -power) / factor;
}
const multiple = (i: number, inc: number) => (inc > 0 ? i * inc : i / -inc);
const steps = (value: number, inc: number) => (inc > 0 ? value / inc : value * -inc);

/** A linear scale of [0, max] (max > 0) onto `range`, its top made round as d3's `nice()` does. */
export function linearScale(max: number, range: [number, number]): LinearScale {
  let top = max;
  let previous = 0;
  for (let n = 0; n < 10; n++) {
    const inc = increment(top, 10);
    if (inc === previous) break;
    previous = inc;
    top = multiple(Math.ceil(steps(top, inc) - 1e-9), inc);
  }
  const [r0, r1] = range;
  const scale = (v: number) => r0 + (v / top) * (r1 - r0);
  scale.ticks = (count = 10) => {
    const inc = increment(top, count);
    return Array.from({ length: Math.floor(steps(top, inc) + 1e-9) + 1 }, (_, i) => multiple(i, inc));
  };
  return scale;
}

/** A band scale as d3's with `padding` inside and out, centred: each key's start, the band and the step. */
export function bandScale(keys: string[], width: number, padding: number) {
  const step = width / Math.max(1, keys.length - padding + padding * 2);
  const start = (width - step * (keys.length - padding)) / 2;
  const index = new Map(keys.map((k, i) => [k, i]));
  const scale = (key: string) => {
    const i = index.get(key);
    return i === undefined ? undefined : start + step * i;
  };
  scale.bandwidth = () => step * (1 - padding);
  scale.step = () => step;
  return scale;
}
