import { describe, expect, it } from 'vitest';
import { groupByPerson } from '../../src/client/features/results/report-groups.ts';
import { niceTicks, type TrendBox, trendLayout } from '../../src/client/features/results/trend-scale.ts';
import { displayUnit, formatRange, formatResultValue, withUnit } from '../../src/client/lib/report-format.ts';

describe('a value as the patient reads it', () => {
  it("shows the analyte's decimals, in Latin digits in both languages", () => {
    expect(formatResultValue(6.8, null, 2, 'en')).toBe('6.80');
    expect(formatResultValue(6.8, null, 1, 'ar')).toBe('6.8');
    expect(formatResultValue(5, null, null, 'en')).toBe('5');
  });

  it('keeps a detection limit with its value', () => {
    expect(formatResultValue(0.5, '<', 1, 'en')).toBe('< 0.5');
    expect(formatResultValue(1000, '>=', 0, 'en')).toBe('≥ 1,000');
  });

  it('writes a range both ways or one-sided, and nothing for a range without bounds', () => {
    expect(formatRange({ low: 3.5, high: 5.1 }, 1, 'en')).toBe('3.5–5.1');
    expect(formatRange({ low: null, high: 200 }, 0, 'en')).toBe('≤ 200');
    expect(formatRange({ low: 40, high: null }, 0, 'ar')).toBe('≥ 40');
    expect(formatRange({ low: null, high: null }, 0, 'en')).toBeNull();
  });

  it('writes UCUM codes as units are printed', () => {
    expect(displayUnit('10*3/uL')).toBe('10³/µL');
    expect(displayUnit('m[IU]/mL')).toBe('mIU/mL');
    expect(displayUnit('u[IU]/mL')).toBe('µIU/mL');
    expect(displayUnit('umol/L')).toBe('µmol/L');
    expect(displayUnit('ug/dL')).toBe('µg/dL');
    expect(displayUnit('U/L')).toBe('U/L');
    expect(displayUnit('ng/mL{FEU}')).toBe('ng/mL FEU');
    expect(displayUnit('mL/min/{1.73_m2}')).toBe('mL/min/1.73 m²');
    expect(displayUnit('{INR}')).toBe('INR');
    expect(displayUnit('/[HPF]')).toBe('/HPF');
    expect(withUnit('1.1', '1')).toBe('1.1');
    expect(withUnit('3.5–5.1', 'mmol/L')).toBe('3.5–5.1 mmol/L');
  });
});

describe("the customer's reports per person", () => {
  it("puts the account holder's first, then each family member's, each newest first", () => {
    const groups = groupByPerson([
      { id: 1, patientName: 'Sara', at: '2026-03-01T08:00:00Z' },
      { id: 2, patientName: null, at: '2026-01-01T08:00:00Z' },
      { id: 3, patientName: 'Omar', at: '2026-05-01T08:00:00Z' },
      { id: 4, patientName: null, at: '2026-06-01T08:00:00Z' },
      { id: 5, patientName: 'Sara', at: '2026-07-01T08:00:00Z' },
    ]);
    expect(groups.map((group) => [group.patientName, group.reports.map((report) => report.id)])).toEqual([
      [null, [4, 2]],
      ['Sara', [5, 1]],
      ['Omar', [3]],
    ]);
  });
});

describe('a trend chart', () => {
  const box: TrendBox = { width: 320, height: 150, start: 40, end: 16, top: 18, bottom: 24 };
  const points = [
    { at: '2026-01-01T08:00:00Z', value: 12 },
    { at: '2026-03-01T08:00:00Z', value: 20 },
    { at: '2026-07-01T08:00:00Z', value: 31 },
  ];

  it('picks round ticks that cover the values', () => {
    expect(niceTicks(0, 10)).toEqual([0, 5, 10]);
    expect(niceTicks(3.2, 6.9)).toEqual([2, 4, 6, 8]);
    expect(niceTicks(0.12, 0.31)).toEqual([0.1, 0.2, 0.3, 0.4]);
  });

  it('runs time from left to right in English, higher values higher up', () => {
    const layout = trendLayout(points, { low: 30, high: 100 }, box, false);
    const [first, second, last] = layout.points;
    expect(first?.x).toBe(40);
    expect(last?.x).toBe(304);
    expect(second && first && second.x > first.x).toBe(true);
    expect(last && first && last.y < first.y).toBe(true);
    expect(layout.axis).toEqual({ x: 34, anchor: 'end' });
  });

  it('mirrors the chart in Arabic: the first result on the right, the values axis on the right', () => {
    const ltr = trendLayout(points, null, box, false);
    const rtl = trendLayout(points, null, box, true);
    expect(rtl.points.map((point) => point.x)).toEqual(ltr.points.map((point) => box.width - point.x));
    expect(rtl.points.map((point) => point.y)).toEqual(ltr.points.map((point) => point.y));
    expect(ltr.plot).toEqual({ left: 40, right: 304, top: 18, bottom: 126 });
    expect(rtl.plot).toEqual({ left: 16, right: 280, top: 18, bottom: 126 });
    expect(rtl.axis).toEqual({ x: 286, anchor: 'start' });
  });

  it('shades the range between its bounds, and to the edge of the plot for a one-sided range', () => {
    const both = trendLayout(points, { low: 30, high: 100 }, box, false);
    const ticks = both.ticks.map((tick) => tick.value);
    expect(Math.min(...ticks)).toBeLessThanOrEqual(12);
    expect(Math.max(...ticks)).toBeGreaterThanOrEqual(100);
    // 31 is just inside a range starting at 30: its point stands inside the band, near its bottom.
    const inside = both.points[2]?.y ?? 0;
    expect(both.band?.bottom).toBeGreaterThan(inside);
    expect(both.band?.top).toBeLessThan(inside);
    const upTo = trendLayout(points, { low: null, high: 25 }, box, false);
    expect(upTo.band?.bottom).toBe(box.height - box.bottom);
    const from = trendLayout(points, { low: 20, high: null }, box, false);
    expect(from.band?.top).toBe(box.top);
    expect(trendLayout(points, null, box, false).band).toBeNull();
  });

  it('never dips below zero for positive amounts, and spreads equal values', () => {
    const flat = trendLayout(
      [
        { at: '2026-01-01T08:00:00Z', value: 5 },
        { at: '2026-02-01T08:00:00Z', value: 5 },
      ],
      null,
      box,
      false,
    );
    expect(Math.min(...flat.ticks.map((tick) => tick.value))).toBeGreaterThanOrEqual(0);
    expect(flat.points[0]?.y).toBeGreaterThan(box.top);
    expect(flat.points[0]?.y).toBeLessThan(box.height - box.bottom);
  });
});
