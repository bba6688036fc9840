import { Badge, Box, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { isolatedLtr, localized } from '../../lib/bidi.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';

type MarkerGroup = RouterOutputs['packages']['get']['marker_groups'][number];

/** A package's markers, a card per group (its members' categories), each group's count in its heading. */
export function PackageMarkers({ groups, headingLevel = 'h3' }: { groups: readonly MarkerGroup[]; headingLevel?: 'h2' | 'h3' }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    // Columns the groups flow through, each kept whole: a long group (a blood count's) leaves no gap beside it.
    <Box css={{ columnCount: { base: 1, md: 2, lg: 3 }, columnGap: '1rem' }}>
      {groups.map((group) => {
        const headingId = `marker-group-${group.category_id}`;
        const count = group.markers.length;
        return (
          <Card.Root
            as="section"
            key={group.category_id}
            variant="outline"
            aria-labelledby={headingId}
            data-testid="marker-group"
            mb="4"
            css={{ breakInside: 'avoid' }}
          >
            <Card.Header pb="2">
              <HStack justify="space-between" align="baseline" gap="2">
                <Heading as={headingLevel} size="md" id={headingId}>
                  {localized(locale, group.name_ar, group.name_en)}
                </Heading>
                <Badge variant="subtle" colorPalette="brand" flexShrink={0}>
                  {t`${plural(count, { one: '# marker', other: '# markers' })}`}
                </Badge>
              </HStack>
            </Card.Header>
            <Card.Body pt="0">
              <Stack as="ul" gap="2" listStyleType="none">
                {group.markers.map((marker) => (
                  <HStack as="li" key={marker.id} justify="space-between" align="baseline" gap="3">
                    <Text>{localized(locale, marker.name_ar, marker.name_en)}</Text>
                    <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                      {t`LOINC ${isolatedLtr(marker.loinc)}`}
                    </Text>
                  </HStack>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Box>
  );
}
