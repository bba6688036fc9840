import { Box, Button, Card, Heading, HStack, Skeleton, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { TableScrollArea } from '../../components/table-scroll-area.tsx';
import { activeLocale, directionOf } from '../../lib/locale.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { ChartProps } from './chart-types.ts';

// Recharts (and what it brings) arrives with the first chart a dashboard draws, never with a public page.
const ChartCanvas = lazy(() => import('./chart-canvas.tsx'));

const chartSkeleton = <Skeleton height="260px" rounded="md" />;

/** The colours of a chart's series, in order: each ≥ 3:1 against white. */
export const SERIES_COLOURS = ['#1d6fb8', '#1f8a5b', '#b45309', '#7c3aed', '#c2410c', '#475569'];

/**
 * A chart with its figures as a table: the table is always there for a screen reader (visually
 * hidden) and shown to anyone who asks; the drawing is hidden from assistive technology, which reads
 * the table and the one-line summary instead.
 */
export function StatsChart({
  title,
  summary,
  testId,
  labelHeading,
  ...chart
}: ChartProps & {
  title: string;
  summary: string;
  testId: string /** The first column's heading; Period unless named. */;
  labelHeading?: string;
}) {
  const { t } = useLingui();
  const locale = activeLocale();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const hydrated = useHydrated();
  const table = (
    <Table.Root size="sm" stickyHeader>
      <Table.Caption srOnly>{title}</Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{labelHeading ?? t`Period`}</Table.ColumnHeader>
          {chart.series.map((item) => (
            <Table.ColumnHeader key={item.name} textAlign="end">
              {item.name}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {chart.labels.map((label, index) => (
          <Table.Row key={`${label}-${index}`}>
            <Table.Cell whiteSpace="nowrap">{label}</Table.Cell>
            {chart.series.map((item) => (
              <Table.Cell key={item.name} textAlign="end">
                <bdi>{chart.format(item.values[index] ?? 0, false)}</bdi>
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Body gap="3">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box>
            <Heading as="h3" size="sm">
              {title}
            </Heading>
            <Text fontSize="sm" color="fg.muted" data-testid={`${testId}-summary`}>
              {summary}
            </Text>
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
        <Box aria-hidden="true" dir="ltr" data-testid={`${testId}-chart`}>
          {/* The chart's code arrives in the browser only: the server and the browser's first drawing show its skeleton. */}
          {hydrated ? (
            <Suspense fallback={chartSkeleton}>
              <ChartCanvas {...chart} rtl={directionOf(locale) === 'rtl'} />
            </Suspense>
          ) : (
            chartSkeleton
          )}
        </Box>
        {/* Read by screen readers while hidden; shown, it scrolls in a box the keyboard can reach (a hidden box is no tab stop). */}
        <Box id={tableId} srOnly={!showTable} data-testid={`${testId}-table`}>
          {showTable ? (
            <TableScrollArea label={title} borderWidth="1px" rounded="md" maxHeight="72">
              {table}
            </TableScrollArea>
          ) : (
            table
          )}
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
