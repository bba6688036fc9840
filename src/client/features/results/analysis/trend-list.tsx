import { HStack, List, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { ArrowRight, TrendingDown, TrendingUp } from 'lucide-react';
import { localized } from '../../../lib/bidi.ts';
import { formatDate, formatNumber } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { formatResultNumber, withUnit } from '../report-format.ts';
import type { Trend } from './analysis-types.ts';
import { SourcesLine } from './sources-line.tsx';

const icons = { rose: TrendingUp, fell: TrendingDown, steady: ArrowRight } as const;

/**
 * Each value against the one before it, in words: "rose 32% since 29 July", "fell …", or "steady"
 * when the change is within the test's own noise (its reference change value).
 */
export function TrendList({ trends }: { trends: readonly Trend[] }) {
  const locale = activeLocale();
  const sorted = [...trends].sort((a, b) => Number(a.direction === 'steady') - Number(b.direction === 'steady'));
  return (
    <List.Root as="ul" variant="plain" gap="3">
      {sorted.map((trend) => {
        const Icon = icons[trend.direction];
        const name = localized(locale, trend.name.ar, trend.name.en);
        const since = formatDate(new Date(trend.from.at), locale);
        const percent = formatNumber(Math.abs(trend.percent), locale);
        const values = `${formatResultNumber(trend.from.value, null, locale)} → ${withUnit(formatResultNumber(trend.to.value, null, locale), trend.unit)}`;
        const rcv = formatNumber(trend.rcv, locale);
        return (
          <List.Item key={trend.loinc} data-testid="analysis-trend" data-loinc={trend.loinc} data-direction={trend.direction}>
            <HStack gap="3" align="start">
              <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
              <Text fontSize="sm" lineHeight="tall">
                {trend.direction === 'rose' ? (
                  <Trans>
                    Your <bdi>{name}</bdi> rose {percent}% since {since} (<bdi dir="ltr">{values}</bdi>): more than the {rcv}% a repeat of
                    this test can vary by itself.
                  </Trans>
                ) : trend.direction === 'fell' ? (
                  <Trans>
                    Your <bdi>{name}</bdi> fell {percent}% since {since} (<bdi dir="ltr">{values}</bdi>): more than the {rcv}% a repeat of
                    this test can vary by itself.
                  </Trans>
                ) : (
                  <Trans>
                    Your <bdi>{name}</bdi> is steady since {since} (<bdi dir="ltr">{values}</bdi>): within the {rcv}% a repeat of this test
                    can vary by itself.
                  </Trans>
                )}
              </Text>
            </HStack>
          </List.Item>
        );
      })}
      {sorted[0] && <SourcesLine sources={sorted[0].sources.slice(0, 1)} />}
    </List.Root>
  );
}
