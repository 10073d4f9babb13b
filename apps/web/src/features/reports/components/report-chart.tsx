import type { DailyReportRow, HourlyReportRow } from '@portal/shared/reports/reports.schemas';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { Bar, Line, LinePath } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import type { MouseEvent, ReactNode } from 'react';
import { formatInteger, formatMoney } from '../../../lib/format.ts';
import { formatHour } from '../report-formats.ts';
import { CategoryAxis, ValueAxis } from './chart-axes.tsx';
import { bandScale, linearScale } from './chart-scales.ts';

/** One day or hour: `tick` under the axis, `label` in the tooltip. */
type Point = { key: string; tick: string; label: string; clicks: number; conversions: number; earnings: number };

const HEIGHT = 256;
const MARGIN = { top: 8, right: 40, bottom: 28, left: 56 };
const COLORS = { earnings: '#86efac', clicks: '#94a3b8', conversions: 'var(--accent)' };

const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** `Nov 24` from `2026-11-24` (a calendar day: formatted as UTC so no zone moves it). */
const dayLabel = (day: string) => short.format(new Date(`${day}T00:00:00Z`));
const wholeMoney = (v: number) => formatMoney(v).replace(/\.00$/, '');
/** A day: `Nov 24` under the axis and in the tooltip. */
const dayPoint = (day: string) => ({ key: day, tick: dayLabel(day), label: dayLabel(day) });
/** An hour: `7 AM` under the axis (the day's name at midnight), `Nov 24, 7:00 AM` in the tooltip. */
function hourPoint(hour: string) {
  const [day = '', time = '', ap = ''] = formatHour(hour).split(' ');
  const midnight = time === '12:00' && ap === 'AM';
  return {
    key: hour,
    tick: midnight ? dayLabel(day) : `${time.replace(':00', '')} ${ap}`,
    label: `${dayLabel(day)}, ${time} ${ap}`,
  };
}
/** A scale's top: a little above the largest value, never zero (an empty range still draws its axes). */
const top = (values: number[]) => Math.max(1, ...values) * 1.1;

/**
 * Daily and hourly reports as a chart above their table (beyond the spec): earnings as bars (left
 * axis), conversions as a line (right axis), clicks as a dashed trend on a scale of their own. The
 * figures are in the table under it; the chart is named for assistive technology and says so.
 */
export default function ReportChart({
  kind,
  rows,
}: {
  kind: 'day' | 'hour';
  rows: (DailyReportRow | HourlyReportRow)[];
}) {
  const points: Point[] = rows.map((r) => ({
    ...(kind === 'day' ? dayPoint((r as DailyReportRow).day) : hourPoint((r as HourlyReportRow).hour)),
    clicks: r.clicks,
    conversions: r.conversions,
    earnings: r.earnings,
  }));
  const total = points.reduce((s, p) => s + p.earnings, 0);
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  return (
    <figure
      role="img"
      aria-label={`Chart of clicks, conversions and earnings per ${kind} (${points.length} ${kind}s, ${formatMoney(total)} earned); the table below lists every figure.`}
      className="mb-4 flex h-80 flex-col rounded-xl border border-slate-200 bg-white p-3 pt-4 shadow-xs sm:p-4"
    >
      <div aria-hidden="true" ref={parentRef} className="relative w-full" style={{ height: HEIGHT }}>
        {width > 0 && <Plot points={points} width={width} />}
      </div>
      <ul aria-hidden="true" className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-[13px] text-slate-700">
        <LegendItem
          label="Earnings"
          swatch={<span className="h-2.5 w-3 rounded-sm" style={{ background: COLORS.earnings }} />}
        />
        <LegendItem
          label="Clicks"
          swatch={<span className="w-4 border-t-2 border-dashed" style={{ borderColor: COLORS.clicks }} />}
        />
        <LegendItem
          label="Conversions"
          swatch={<span className="w-4 border-t-2" style={{ borderColor: COLORS.conversions }} />}
        />
      </ul>
      <figcaption className="sr-only">Clicks, conversions and earnings per {kind}</figcaption>
    </figure>
  );
}

function LegendItem({ label, swatch }: { label: string; swatch: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {swatch}
      {label}
    </li>
  );
}

function Plot({ points, width }: { points: Point[]; width: number }) {
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<Point>();
  const innerW = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = bandScale(
    points.map((p) => p.key),
    innerW,
    0.2,
  );
  const barWidth = Math.min(x.bandwidth(), 40);
  const money = linearScale(top(points.map((p) => p.earnings)), [innerH, 0]);
  const conversions = linearScale(top(points.map((p) => p.conversions)), [innerH, 0]);
  const clicks = linearScale(top(points.map((p) => p.clicks)), [innerH, 0]);
  const mid = (p: Point) => (x(p.key) ?? 0) + x.bandwidth() / 2;
  // The axis thins its labels rather than overlap them: room for the longest (~7 px a character).
  const room = Math.max(...points.map((p) => p.tick.length)) * 7 + 16;
  const every = Math.max(1, Math.ceil(points.length / Math.max(1, Math.floor(innerW / room))));

  const onMove = (e: MouseEvent<SVGRectElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const step = x.step() || 1;
    const i = Math.min(points.length - 1, Math.max(0, Math.floor((e.clientX - box.left) / step)));
    const p = points[i];
    if (p)
      showTooltip({ tooltipData: p, tooltipLeft: MARGIN.left + mid(p), tooltipTop: MARGIN.top + money(p.earnings) });
  };

  return (
    <>
      <svg width={width} height={HEIGHT} className="overflow-visible">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {money.ticks(4).map((t) => (
            <Line
              key={t}
              from={{ x: 0, y: money(t) }}
              to={{ x: innerW, y: money(t) }}
              stroke="#e2e8f0"
              strokeDasharray="3 3"
            />
          ))}
          {points.map((p) => (
            <Bar
              key={p.key}
              x={mid(p) - barWidth / 2}
              y={money(p.earnings)}
              width={barWidth}
              height={innerH - money(p.earnings)}
              fill={tooltipData === p && tooltipOpen ? '#4ade80' : COLORS.earnings}
              rx={Math.min(3, barWidth / 2)}
            />
          ))}
          <LinePath
            data={points}
            x={mid}
            y={(p) => clicks(p.clicks)}
            stroke={COLORS.clicks}
            strokeWidth={1.5}
            strokeDasharray="4 3"
          />
          <LinePath
            data={points}
            x={mid}
            y={(p) => conversions(p.conversions)}
            stroke={COLORS.conversions}
            strokeWidth={2}
          />
          {/* A month or less: each day's conversions marked (a single day is a point, not a line). */}
          {points.length <= 31 &&
            points.map((p) => (
              <circle key={p.key} cx={mid(p)} cy={conversions(p.conversions)} r={3} fill={COLORS.conversions} />
            ))}
          <ValueAxis scale={money} side="left" count={4} format={wholeMoney} />
          <ValueAxis
            scale={conversions}
            side="right"
            left={innerW}
            count={4}
            format={(v) => (Number.isInteger(v) ? formatInteger(v) : undefined)}
          />
          <CategoryAxis
            top={innerH}
            width={innerW}
            ticks={points.filter((_, i) => i % every === 0).map((p) => ({ key: p.key, x: mid(p), label: p.tick }))}
          />
          <rect width={innerW} height={innerH} fill="transparent" onMouseMove={onMove} onMouseLeave={hideTooltip} />
        </Group>
      </svg>
      {tooltipOpen && tooltipData && (
        <TooltipWithBounds
          left={tooltipLeft}
          top={tooltipTop}
          unstyled
          applyPositionStyle
          className="pointer-events-none rounded-lg border border-slate-200 bg-white px-3 py-2 text-[13px] text-slate-700 shadow-md"
        >
          <div className="mb-1 font-medium text-slate-900">{tooltipData.label}</div>
          <div>Earnings: {formatMoney(tooltipData.earnings)}</div>
          <div>Clicks: {formatInteger(tooltipData.clicks)}</div>
          <div>Conversions: {formatInteger(tooltipData.conversions)}</div>
        </TooltipWithBounds>
      )}
    </>
  );
}
