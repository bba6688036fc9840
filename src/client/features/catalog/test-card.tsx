import { Card, HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Clock, Droplets } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

/** What a card shows: the fields the popular tests and a category's tests both carry. */
type TestSummary = Pick<
  RouterOutputs['catalog']['popularTests'][number],
  'name_ar' | 'name_en' | 'description_ar' | 'description_en' | 'min_price' | 'lab_count' | 'fasting_hours' | 'turnaround_hours'
>;

/** A test's card, linking to its page; its title is a heading one level below the section it sits in. */
export function TestCard({ test, headingLevel = 'h3' }: { test: TestSummary; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Link to="/test/$testName" params={{ testName: test.name_en }} style={{ display: 'block', height: '100%' }}>
      <Card.Root
        height="full"
        variant="outline"
        _hover={{ borderColor: 'brand.solid', shadow: 'md' }}
        transition="all 0.15s"
        data-testid="test-card"
      >
        <Card.Body gap="2">
          <Card.Title as={headingLevel} fontSize="md">
            {localized(locale, test.name_ar, test.name_en)}
          </Card.Title>
          <Text color="fg.muted" fontSize="sm" lineClamp={2}>
            {localized(locale, test.description_ar, test.description_en)}
          </Text>
          <HStack gap="4" fontSize="sm" color="fg.muted" wrap="wrap">
            {test.fasting_hours ? (
              <HStack gap="1">
                <Droplets size={14} aria-hidden />
                <Text>{t`${plural(test.fasting_hours, { one: 'Fasting # hour', other: 'Fasting # hours' })}`}</Text>
              </HStack>
            ) : null}
            {test.turnaround_hours ? (
              <HStack gap="1">
                <Clock size={14} aria-hidden />
                <Text>{t`${plural(test.turnaround_hours, { one: 'Results in # hour', other: 'Results in # hours' })}`}</Text>
              </HStack>
            ) : null}
          </HStack>
        </Card.Body>
        <Card.Footer justifyContent="space-between">
          {test.min_price === null ? (
            <Text color="fg.muted" fontSize="sm">{t`Not offered yet`}</Text>
          ) : (
            <HStack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t`From`}
              </Text>
              <Price value={test.min_price} color="brand.fg" />
            </HStack>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t`${plural(test.lab_count, { one: '# lab', other: '# labs' })}`}
          </Text>
        </Card.Footer>
      </Card.Root>
    </Link>
  );
}
