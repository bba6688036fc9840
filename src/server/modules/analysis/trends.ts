import type { ChangeLimit } from './knowledge/format.ts';

/**
 * Whether a person's value changed by more than the test's own noise: the reference change value of
 * Fraser (Clin Chem Lab Med 2011), two-sided at 95 %: RCV = √2 × 1.96 × √(CVa² + CVi²), in percent.
 */
export function referenceChangeValue(limit: Pick<ChangeLimit, 'cvi' | 'cva'>): number {
  return Math.SQRT2 * 1.96 * Math.sqrt(limit.cva ** 2 + limit.cvi ** 2);
}

export interface TrendPoint {
  at: Date;
  value: number;
}

export interface Change {
  direction: 'rose' | 'fell' | 'steady';
  /** The change from the earlier value, in percent of it (negative when it fell), rounded. */
  percent: number;
  from: TrendPoint;
  to: TrendPoint;
  /** The reference change value it was judged by, in percent. */
  rcv: number;
}

/**
 * The latest value against the one before it (points oldest first): a change beyond the reference
 * change value rose or fell; a smaller one is steady. Null with fewer than two values or a zero before.
 */
export function latestChange(points: readonly TrendPoint[], limit: Pick<ChangeLimit, 'cvi' | 'cva'>): Change | null {
  const to = points.at(-1);
  const from = points.at(-2);
  if (!to || !from || from.value === 0) return null;
  const rcv = referenceChangeValue(limit);
  const percent = ((to.value - from.value) / Math.abs(from.value)) * 100;
  const direction = Math.abs(percent) <= rcv ? 'steady' : percent > 0 ? 'rose' : 'fell';
  return { direction, percent: Math.round(percent), from, to, rcv: Math.round(rcv * 10) / 10 };
}
