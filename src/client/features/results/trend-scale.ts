import type { Bounds } from '../../../shared/result-values.ts';

/**
 * Where a trend's points, range band and value ticks fall in a chart's box. Pure, so the drawing
 * (trend-chart.tsx) only places what this computes.
 *
 * Right to left: time runs from right to left in Arabic, as the dashboards' other charts do
 * (ADR 0032), and the values' axis stands on the right. Everything is laid out along the reading
 * direction ("start" is the side the reader begins at) and mirrored once at the end.
 */

export interface TrendBox {
  width: number;
  height: number;
  /** Room on the reading start side for the values' labels. */
  start: number;
  end: number;
  top: number;
  bottom: number;
}

export interface TrendLayout {
  /** Each point's position, in the order given. */
  points: { x: number; y: number }[];
  /** The range band's top and bottom (a one-sided range runs to the plot's edge); null without a range. */
  band: { top: number; bottom: number } | null;
  ticks: { value: number; y: number }[];
  /** The plot's edges in the drawing's coordinates (left < right whatever the direction). */
  plot: { left: number; right: number; top: number; bottom: number };
  /** Where the values' labels stand: their x, and which end of the text is at it. */
  axis: { x: number; anchor: 'start' | 'end' };
}

/** A step of 1, 2, 2.5 or 5 times a power of ten near `raw`. */
function niceStep(raw: number): number {
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/** Round figures covering [min, max], about `count` of them, evenly spaced. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(max > min)) return [min];
  const step = niceStep((max - min) / Math.max(1, count - 1));
  const digits = Math.max(0, -Math.floor(Math.log10(step)) + 1);
  const first = Math.floor(min / step) * step;
  // Steps up to the first tick at or past max (a hair of tolerance for binary fractions).
  const steps = Math.ceil((max - first) / step - 1e-9);
  return Array.from({ length: steps + 1 }, (_, index) => Number((first + index * step).toFixed(digits)));
}

/** The values shown, with the range's bounds, widened a little so no point sits on the frame. */
function valueDomain(values: readonly number[], range: Bounds | null): { ticks: number[]; low: number; high: number } {
  const all = [...values, ...(range ? [range.low, range.high].filter((bound): bound is number => bound !== null) : [])];
  const min = Math.min(...all);
  const max = Math.max(...all);
  const spread = max - min || Math.abs(max) * 0.2 || 1;
  const paddedLow = min - spread * 0.1;
  // Amounts are not negative: a scale of positive values does not dip below zero for the padding's sake.
  const low = min >= 0 ? Math.max(0, paddedLow) : paddedLow;
  const ticks = niceTicks(low, max + spread * 0.1);
  // The scale runs from the first round figure to the last, so every tick is on it.
  return { ticks, low: ticks[0] ?? low, high: ticks.at(-1) ?? max };
}

export function trendLayout(
  points: readonly { at: string; value: number }[],
  range: Bounds | null,
  box: TrendBox,
  rtl: boolean,
): TrendLayout {
  const times = points.map((point) => new Date(point.at).getTime());
  const earliest = Math.min(...times);
  const latest = Math.max(...times);
  const plotStart = box.start;
  const plotEnd = box.width - box.end;
  const plotTop = box.top;
  const plotBottom = box.height - box.bottom;
  // Along the reading direction, then mirrored in Arabic.
  const physical = (along: number) => (rtl ? box.width - along : along);
  const along = (time: number) =>
    latest === earliest ? (plotStart + plotEnd) / 2 : plotStart + ((time - earliest) / (latest - earliest)) * (plotEnd - plotStart);
  const domain = valueDomain(
    points.map((point) => point.value),
    range,
  );
  const y = (value: number) => plotTop + ((domain.high - value) / (domain.high - domain.low)) * (plotBottom - plotTop);
  const clamp = (value: number) => Math.min(plotBottom, Math.max(plotTop, value));
  const hasBounds = range !== null && (range.low !== null || range.high !== null);
  return {
    points: points.map((point, index) => ({ x: physical(along(times[index] ?? earliest)), y: y(point.value) })),
    band: hasBounds
      ? { top: range.high === null ? plotTop : clamp(y(range.high)), bottom: range.low === null ? plotBottom : clamp(y(range.low)) }
      : null,
    ticks: domain.ticks.map((value) => ({ value, y: y(value) })),
    plot: {
      left: Math.min(physical(plotStart), physical(plotEnd)),
      right: Math.max(physical(plotStart), physical(plotEnd)),
      top: plotTop,
      bottom: plotBottom,
    },
    // Labels end just before the plot on the start side: at its left in English, its right in Arabic.
    axis: rtl ? { x: physical(plotStart) + 6, anchor: 'start' } : { x: plotStart - 6, anchor: 'end' },
  };
}
