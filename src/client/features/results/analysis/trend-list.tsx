import { HStack, List, Stack, Text } from '@chakra-ui/react';
import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowRight, TrendingDown, TrendingUp } from 'lucide-react';
import { isolated, localized } from '../../../lib/bidi.ts';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { activeLocale } from '../../../lib/locale.ts';
import { formatResultNumber, withUnit } from '../../../lib/report-format.ts';
import type { Trend } from './analysis-types.ts';
import { SourcesLine } from './sources-line.tsx';

const icons = { rose: TrendingUp, fell: TrendingDown, steady: ArrowRight } as const;

/** An English name as it reads after "Your": a capital that only starts the name is lowered ("triglycerides"), an acronym kept ("LDL"). */
const inSentence = (name: string) => name.replace(/^\p{Lu}(?=\p{Ll})/u, (first) => first.toLowerCase());

/**
 * Each value against the one before it, in words: "rose 32% since 29 July", "fell …", or "steady"
 * when the change is within the test's own noise (its reference change value). Each sentence is whole
 * in each language and agrees with the analyte's name: `form` is the name's grammar in the reader's
 * language (Arabic: masculine or feminine; English: singular or plural), chosen by the translation.
 */
export function TrendList({ trends }: { trends: readonly Trend[] }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const sorted = [...trends].sort((a, b) => Number(a.direction === 'steady') - Number(b.direction === 'steady'));
  return (
    <Stack gap="3">
      <List.Root as="ul" variant="plain" gap="3">
        {sorted.map((trend) => {
          const Icon = icons[trend.direction];
          const form = trend.grammar[locale];
          // Names and values are isolated: a name keeps its own direction, and the values read left to right.
          const name = isolated(locale === 'ar' ? localized(locale, trend.name.ar, trend.name.en) : inSentence(trend.name.en));
          const since = formatDate(new Date(trend.from.at), locale);
          const percent = formatPercent(Math.abs(trend.percent) / 100, locale);
          const values = isolated(
            `${formatResultNumber(trend.from.value, null, locale)} → ${withUnit(formatResultNumber(trend.to.value, null, locale), trend.unit)}`,
          );
          const rcv = formatPercent(trend.rcv / 100, locale, 1);
          const sentence =
            trend.direction === 'rose'
              ? t`${select(form, {
                  other: `Your ${name} rose ${percent} since ${since} (${values}): more than the ${rcv} a repeat of this test can vary by itself.`,
                })}`
              : trend.direction === 'fell'
                ? t`${select(form, {
                    other: `Your ${name} fell ${percent} since ${since} (${values}): more than the ${rcv} a repeat of this test can vary by itself.`,
                  })}`
                : t`${select(form, {
                    plural: `Your ${name} have been steady since ${since} (${values}): within the ${rcv} a repeat of this test can vary by itself.`,
                    other: `Your ${name} has been steady since ${since} (${values}): within the ${rcv} a repeat of this test can vary by itself.`,
                  })}`;
          return (
            <List.Item key={trend.loinc} data-testid="analysis-trend" data-loinc={trend.loinc} data-direction={trend.direction}>
              <HStack gap="3" align="start">
                <Icon size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
                <Text fontSize="sm" lineHeight="tall">
                  {sentence}
                </Text>
              </HStack>
            </List.Item>
          );
        })}
      </List.Root>
      {/* Under the list, not in it: a <ul> holds only its items (axe aria-required-children). */}
      {sorted[0] && <SourcesLine sources={sorted[0].sources.slice(0, 1)} />}
    </Stack>
  );
}
