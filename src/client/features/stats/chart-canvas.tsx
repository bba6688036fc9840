import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps } from './chart-types.ts';

/**
 * The drawing itself, by Recharts: loaded only when a dashboard shows a chart (stats-chart.tsx imports
 * it lazily; docs/decisions/0032). Right to left in Arabic: the first period at the right (a reversed
 * X axis) and the values' axis on the right. Hidden from screen readers and the keyboard (no
 * accessibility layer, which would make the drawing a tab stop inside aria-hidden): the table beside
 * it says the same to everyone.
 */
export default function ChartCanvas({ labels, series, kind, stacked, format, rtl }: ChartProps & { rtl: boolean }) {
  const data = labels.map((label, index) => ({
    label,
    ...Object.fromEntries(series.map((item, key) => [`s${key}`, item.values[index] ?? 0])),
  }));
  const axes = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey="label" reversed={rtl} tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={12} />,
    <YAxis
      key="y"
      orientation={rtl ? 'right' : 'left'}
      tick={{ fontSize: 12 }}
      tickFormatter={(value: number) => format(value, true)}
      width={72}
      allowDecimals={false}
    />,
    <Tooltip key="tip" formatter={(value) => format(Number(value), false)} />,
    ...(series.length > 1 ? [<Legend key="legend" />] : []),
  ];
  return (
    <ResponsiveContainer width="100%" height={260}>
      {kind === 'line' ? (
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          {axes}
          {series.map((item, key) => (
            <Line key={item.name} type="monotone" dataKey={`s${key}`} name={item.name} stroke={item.color} strokeWidth={2} dot={false} />
          ))}
        </LineChart>
      ) : (
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          {axes}
          {series.map((item, key) => (
            <Bar key={item.name} dataKey={`s${key}`} name={item.name} fill={item.color} stackId={stacked ? 'all' : undefined} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
