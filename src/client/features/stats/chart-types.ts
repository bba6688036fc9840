export interface ChartSeries {
  name: string;
  values: number[];
  color: string;
}

export interface ChartProps {
  /** One label per point (a period, a weekday, an hour), already in the reader's language. */
  labels: string[];
  series: ChartSeries[];
  kind: 'bar' | 'line';
  stacked?: boolean;
  /** A value as the reader reads it; `short` for an axis tick. */
  format: (value: number, short: boolean) => string;
}
