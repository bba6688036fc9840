import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Bounds, ResultFlag } from '../../../shared/result-values.ts';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { isolated, localized } from '../../lib/bidi.ts';
import { formatCompactDate } from '../../lib/format.ts';
import { activeLocale, directionOf } from '../../lib/locale.ts';
import { formatResultNumber, withUnit } from '../../lib/report-format.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { flagLabel } from './result-flag.tsx';
import { type TrendBox, trendLayout } from './trend-scale.ts';

type TrendPoint = RouterOutputs['results']['report']['observations'][number]['trend'][number];

const BOX: TrendBox = { width: 320, height: 150, start: 40, end: 16, top: 18, bottom: 24 };
/** Above this many points the values are left to the table: their labels would run into each other. */
const MOST_LABELLED_POINTS = 6;

const colour = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`;

/** A point's mark says its flag by shape as well as colour: up for high, down for low, doubled in size when critical. */
function Marker({ x, y, flag }: { x: number; y: number; flag: ResultFlag | null }) {
  switch (flag) {
    case 'N':
      return <circle cx={x} cy={y} r={4} fill={colour('green.solid')} />;
    case 'H':
    case 'HH': {
      const size = flag === 'HH' ? 7 : 5;
      return (
        <polygon
          points={`${x},${y - size} ${x + size},${y + size * 0.8} ${x - size},${y + size * 0.8}`}
          fill={colour(flag === 'HH' ? 'red.solid' : 'orange.solid')}
        />
      );
    }
    case 'L':
    case 'LL': {
      const size = flag === 'LL' ? 7 : 5;
      return (
        <polygon
          points={`${x},${y + size} ${x + size},${y - size * 0.8} ${x - size},${y - size * 0.8}`}
          fill={colour(flag === 'LL' ? 'red.solid' : 'orange.solid')}
        />
      );
    }
    case 'A':
      return <rect x={x - 4} y={y - 4} width={8} height={8} fill={colour('orange.solid')} />;
    default:
      return <circle cx={x} cy={y} r={4} fill={colour('bg')} stroke={colour('gray.600')} strokeWidth={1.5} />;
  }
}

/** A label at either end of the plot runs inward, clear of the values' axis and of the box's edge. */
const anchorWithin = (x: number, plot: { left: number; right: number }): 'start' | 'middle' | 'end' =>
  x - plot.left < 16 ? 'start' : plot.right - x < 16 ? 'end' : 'middle';

/**
 * One analyte's values across the person's reports from any lab, in the analyte's unit, with the
 * range band shaded. A hand-drawn SVG (not Recharts, ADR 0032): a handful of points, no tooltips or
 * legends to grow, drawn with the report instead of waiting for a lazy chunk. The drawing is hidden
 * from assistive technology; the table beside it (always there for a screen reader, shown on request)
 * holds the same data.
 */
export function TrendChart({
  name,
  trend,
  range,
  unit,
  decimals,
  timeZone,
  currentBookingId,
}: {
  name: string;
  trend: TrendPoint[];
  range: Bounds | null;
  unit: string | null;
  decimals: number | null;
  timeZone: string;
  currentBookingId: string;
}) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const rtl = directionOf(locale) === 'rtl';
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const layout = trendLayout(trend, range, BOX, rtl);
  const date = (at: string) => formatCompactDate(new Date(at), locale, timeZone);
  const value = (point: TrendPoint) => formatResultNumber(point.value, decimals, locale);
  const first = trend[0];
  const last = trend.at(-1);
  if (!first || !last) return null;
  const firstDate = date(first.at);
  const lastDate = date(last.at);
  const flagsShown = [...new Set(trend.map((point) => point.flag))];
  const line = layout.points.map((point) => `${point.x},${point.y}`).join(' ');
  const current = trend.findIndex((point) => point.bookingId === currentBookingId);
  const currentPoint = layout.points[current];
  const dateLabels = [
    { key: 'first', text: firstDate, x: layout.points[0]?.x ?? 0 },
    { key: 'last', text: lastDate, x: layout.points.at(-1)?.x ?? 0 },
  ];
  const table = (
    <Table.Root size="sm">
      <Table.Caption srOnly>{t`${name}: your results over time`}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t`Date`}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t`Value`}</Table.ColumnHeader>
          <Table.ColumnHeader>{t`Flag`}</Table.ColumnHeader>
          <Table.ColumnHeader>{t({ message: 'Lab', context: 'column header' })}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {trend.map((point) => (
          <Table.Row key={`${point.bookingId}-${point.at}`} data-current={point.bookingId === currentBookingId || undefined}>
            <Table.Cell whiteSpace="nowrap">
              {date(point.at)}
              {point.bookingId === currentBookingId && <Text as="span" color="fg.muted">{` · ${t`this report`}`}</Text>}
            </Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap">
              <bdi dir="ltr">{withUnit(value(point), unit)}</bdi>
            </Table.Cell>
            <Table.Cell>{flagLabel(i18n, point.flag)}</Table.Cell>
            <Table.Cell>
              <bdi>{localized(locale, point.lab.ar, point.lab.en)}</bdi>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return (
    <Stack gap="2" data-testid="result-trend">
      <HStack justify="space-between" align="start" gap="2" wrap="wrap">
        <Box>
          <Text fontSize="sm" fontWeight="semibold">{t`Over time`}</Text>
          <Text fontSize="xs" color="fg.muted">{t`Your results from ${firstDate} to ${lastDate}`}</Text>
        </Box>
        <Button
          size="xs"
          variant="outline"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          {showTable ? t`Hide table` : t`Show table`}
        </Button>
      </HStack>
      {/* The box is left to right: SVG anchors follow the CSS direction, and the layout mirrors itself (trend-scale.ts). */}
      <Box aria-hidden="true" dir="ltr" maxWidth="md" data-testid="result-trend-chart">
        <svg viewBox={`0 0 ${BOX.width} ${BOX.height}`} width="100%" role="presentation" focusable="false" style={{ display: 'block' }}>
          {layout.band && (
            <rect
              x={layout.plot.left}
              y={layout.band.top}
              width={layout.plot.right - layout.plot.left}
              height={Math.max(0, layout.band.bottom - layout.band.top)}
              fill={colour('green.subtle')}
            />
          )}
          {layout.ticks.map((tick) => (
            <g key={tick.value}>
              <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} stroke={colour('gray.200')} strokeWidth={1} />
              <text x={layout.axis.x} y={tick.y + 3} textAnchor={layout.axis.anchor} fontSize={10} fill={colour('gray.600')}>
                {formatResultNumber(tick.value, null, locale)}
              </text>
            </g>
          ))}
          <polyline points={line} fill="none" stroke={colour('gray.500')} strokeWidth={1.5} />
          {currentPoint && (
            <circle cx={currentPoint.x} cy={currentPoint.y} r={9} fill="none" stroke={colour('brand.fg')} strokeWidth={1.5} />
          )}
          {trend.map((point, index) => {
            const at = layout.points[index];
            return at && <Marker key={`${point.bookingId}-${point.at}`} x={at.x} y={at.y} flag={point.flag} />;
          })}
          {trend.length <= MOST_LABELLED_POINTS &&
            trend.map((point, index) => {
              const at = layout.points[index];
              return (
                at && (
                  <text
                    key={`${point.bookingId}-label`}
                    x={at.x}
                    y={at.y - 13}
                    textAnchor={anchorWithin(at.x, layout.plot)}
                    fontSize={10}
                    fill={colour('fg')}
                  >
                    {value(point)}
                  </text>
                )
              );
            })}
          {dateLabels.map((label) => (
            <text
              key={label.key}
              x={label.x}
              y={BOX.height - 6}
              textAnchor={anchorWithin(label.x, layout.plot)}
              fontSize={10}
              fill={colour('gray.600')}
            >
              {/* Isolated: an Arabic date keeps its own order ("20 نوفمبر 2026") in the drawing's left-to-right box. */}
              {isolated(label.text)}
            </text>
          ))}
        </svg>
      </Box>
      <HStack aria-hidden="true" gap="3" wrap="wrap" fontSize="xs" color="fg.muted">
        {layout.band && (
          <HStack gap="1">
            <Box width="3" height="3" bg="green.subtle" borderWidth="1px" borderColor="green.muted" />
            <Text>{t`Reference range`}</Text>
          </HStack>
        )}
        {flagsShown.map((flag) => (
          <HStack key={flag ?? 'none'} gap="1">
            <svg width="14" height="14" viewBox="0 0 14 14" role="presentation" focusable="false">
              <Marker x={7} y={7} flag={flag} />
            </svg>
            <Text>{flagLabel(i18n, flag)}</Text>
          </HStack>
        ))}
      </HStack>
      {/* Read by screen readers while hidden; shown, it scrolls in a box the keyboard can reach (a hidden box is no tab stop). */}
      <Box id={tableId} srOnly={!showTable} data-testid="result-trend-table">
        {showTable ? (
          <TableScrollArea label={t`${name}: your results over time`} borderWidth="1px" rounded="md">
            {table}
          </TableScrollArea>
        ) : (
          table
        )}
      </Box>
    </Stack>
  );
}
