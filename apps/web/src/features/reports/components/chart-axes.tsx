import type { ReactNode } from 'react';

/** The chart's tick labels: small slate text in the page's font. */
const TICK = { fontSize: 12, fill: '#475569', fontFamily: 'inherit' } as const;
/** Room between a tick's position and its label. */
const GAP = 8;

/** A linear scale as the axes need it: a position for a value and its round values. */
export interface LinearScale {
  (value: number): number;
  ticks(count?: number): number[];
}

/**
 * The value labels beside a vertical axis (no axis line, no tick marks): on the left they end at
 * the plot, on the right (`left` = the plot's width) they start after it. `format` may skip one.
 */
export function ValueAxis({
  scale,
  side,
  left = 0,
  count,
  format,
}: {
  scale: LinearScale;
  side: 'left' | 'right';
  left?: number;
  count: number;
  format: (value: number) => string | undefined;
}) {
  const x = side === 'left' ? left - GAP : left + GAP;
  return (
    <g className={`axis-${side}`}>
      {scale.ticks(count).map((t) => {
        const text = format(t);
        return text === undefined ? null : (
          <text key={t} x={x} y={scale(t)} dy="0.32em" textAnchor={side === 'left' ? 'end' : 'start'} {...TICK}>
            {text}
          </text>
        );
      })}
    </g>
  );
}

/** The axis under the plot: its line, and the labels of the given points centred under them. */
export function CategoryAxis({
  top,
  width,
  ticks,
}: {
  top: number;
  width: number;
  ticks: { key: string; x: number; label: ReactNode }[];
}) {
  return (
    <g className="axis-bottom" transform={`translate(0, ${top})`}>
      <line x1={0} x2={width} y1={0} y2={0} stroke="#cbd5e1" />
      {ticks.map((t) => (
        <text key={t.key} x={t.x} y={GAP} dy="0.71em" textAnchor="middle" {...TICK}>
          {t.label}
        </text>
      ))}
    </g>
  );
}
