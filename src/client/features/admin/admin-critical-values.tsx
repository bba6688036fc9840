import { Badge, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Phone, TriangleAlert } from 'lucide-react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { AdminFlagDisagreements } from './admin-flag-disagreements.tsx';

/**
 * Critical values whose call to the patient the lab has not recorded within an hour (results.overdueCritical),
 * oldest first: which lab to phone, about which booking, since when. No value is shown here.
 */
export function AdminCriticalValues() {
  const { t } = useLingui();
  const locale = activeLocale();
  const cases = useQuery({ ...trpc.results.overdueCritical.queryOptions(), refetchInterval: 60_000 });
  return (
    <Stack gap="5">
      <SectionTitle
        title={t`Critical values without a call`}
        description={t`A lab must call the patient about a value past its critical limit before it releases the report. These were not called within an hour: phone the lab.`}
      />
      {cases.isError ? (
        <ErrorState title={t`Error fetching critical values`} error={cases.error} onRetry={() => void cases.refetch()} />
      ) : cases.isPending ? (
        <Skeleton height="24" rounded="lg" />
      ) : cases.data.length === 0 ? (
        <EmptyState>{t`Every critical value was called within an hour.`}</EmptyState>
      ) : (
        <>
          <Text color="fg.muted" fontSize="sm">
            {t`${plural(cases.data.length, { one: '# critical value waits for its call.', other: '# critical values wait for their call.' })}`}
          </Text>
          <Stack as="ul" listStyleType="none" gap="3">
            {cases.data.map((item) => {
              const opened = new Date(item.openedAt);
              return (
                <Card.Root as="li" key={item.id} variant="outline" size="sm" borderColor="red.muted" data-testid="critical-case">
                  <Card.Body gap="2">
                    <HStack gap="2" wrap="wrap">
                      <TriangleAlert size={18} aria-hidden color="var(--chakra-colors-red-fg)" />
                      <Text fontWeight="semibold">{localized(locale, item.lab.ar, item.lab.en)}</Text>
                      <Badge colorPalette="red" variant="subtle">
                        <bdi dir="ltr">{item.reference}</bdi>
                      </Badge>
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {t`Waiting since ${formatDate(opened, locale)}, ${formatTime(opened, locale)}`}
                    </Text>
                    {item.lab.phone && (
                      <Link href={`tel:${item.lab.phone}`} fontSize="sm" width="fit-content">
                        <Phone size={14} aria-hidden />
                        <bdi dir="ltr">{item.lab.phone}</bdi>
                      </Link>
                    )}
                  </Card.Body>
                </Card.Root>
              );
            })}
          </Stack>
        </>
      )}
      <AdminFlagDisagreements />
    </Stack>
  );
}
