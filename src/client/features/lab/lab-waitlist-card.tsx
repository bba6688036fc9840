import { Badge, Card, Heading, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { localized } from '../../lib/bidi.ts';
import { formatClock, formatDate, formatHijriDate, formatNumber, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type LabWaitlist = RouterOutputs['waitlist']['forLab'];
type Entry = LabWaitlist['days'][number]['entries'][number];

/** How often the list asks again: rounds offer freed times every few seconds while the lab works. */
const REFRESH_MS = 60_000;

/**
 * Who waits for a time at the lab in the next two weeks (issue #58), by day and in the order they joined
 * for each test: a first name, whether their mobile number is confirmed, and what became of their place.
 * A patient's details reach the lab once they book, as every other booking's.
 */
export function LabWaitlistCard() {
  const { t } = useLingui();
  const waitlist = useQuery({ ...trpc.waitlist.forLab.queryOptions({}), refetchOnMount: 'always', refetchInterval: REFRESH_MS });

  return (
    <Card.Root variant="outline" data-testid="lab-waitlist">
      <Card.Header gap="1">
        <Heading as="h3" size="md">
          {t`Waitlist`}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t`Who is waiting for a time at your lab in the next two weeks. You see a patient's details once they book.`}
        </Text>
      </Card.Header>
      <Card.Body>
        {waitlist.isError ? (
          <ErrorState title={t`Could not load the waitlist.`} error={waitlist.error} onRetry={() => void waitlist.refetch()} />
        ) : waitlist.isPending ? (
          <Stack gap="3">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} height="16" rounded="md" />
            ))}
          </Stack>
        ) : waitlist.data.days.length === 0 ? (
          <EmptyState>{t`No one is waiting`}</EmptyState>
        ) : (
          <Stack as="ul" listStyleType="none" gap="5" aria-busy={waitlist.isFetching}>
            {waitlist.data.days.map((day) => (
              <WaitlistDay key={day.date} day={day} timeZone={waitlist.data.time_zone} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WaitlistDay({ day, timeZone }: { day: LabWaitlist['days'][number]; timeZone: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  // A day of the lab's calendar: noon UTC names the same day in any zone.
  const date = new Date(`${day.date}T12:00:00Z`);
  const headingId = `lab-waitlist-${day.date}`;
  return (
    <Stack as="li" gap="2" data-testid="lab-waitlist-day" data-date={day.date}>
      <HStack gap="2" wrap="wrap" justify="space-between">
        <Heading as="h4" size="sm" id={headingId}>
          {formatDate(date, locale, 'UTC')}{' '}
          <Text as="span" fontWeight="normal" color="fg.muted">
            · {formatHijriDate(date, locale, 'UTC')}
          </Text>
        </Heading>
        <Badge colorPalette="blue" variant="subtle">
          {t`${plural(day.count, { one: '# waiting', other: '# waiting' })}`}
        </Badge>
      </HStack>
      <Stack as="ul" listStyleType="none" gap="2" aria-labelledby={headingId}>
        {day.entries.map((entry) => (
          <WaitlistRow key={entry.id} entry={entry} timeZone={timeZone} />
        ))}
      </Stack>
    </Stack>
  );
}

function WaitlistRow({ entry, timeZone }: { entry: Entry; timeZone: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack
      as="li"
      direction={{ base: 'column', sm: 'row' }}
      justify="space-between"
      align={{ base: 'stretch', sm: 'center' }}
      gap="2"
      borderWidth="1px"
      rounded="md"
      px="3"
      py="2"
      data-testid="lab-waitlist-entry"
      data-status={entry.status}
    >
      <HStack gap="3" align="start" minWidth="0">
        {entry.place !== null && (
          <Text fontWeight="bold" color="brand.fg" flexShrink={0}>
            <span aria-hidden>{formatNumber(entry.place, locale)}</span>
            <VisuallyHidden>{t`Place in line: ${formatNumber(entry.place, locale)}`}</VisuallyHidden>
          </Text>
        )}
        <Stack gap="0.5" minWidth="0" textAlign="start">
          <Text fontWeight="semibold">
            <bdi>{entry.first_name}</bdi>
          </Text>
          <Text fontSize="sm">{localized(locale, entry.test_name_ar, entry.test_name_en)}</Text>
          <Text fontSize="sm" color="fg.muted">
            {entry.window ? (
              <bdi>{t`${formatClock(entry.window.from, locale)} to ${formatClock(entry.window.until, locale)}`}</bdi>
            ) : (
              t`any time`
            )}
          </Text>
        </Stack>
      </HStack>
      <Stack gap="1" align={{ base: 'start', sm: 'end' }} flexShrink={0}>
        <HStack gap="2" wrap="wrap">
          <EntryStatusBadge status={entry.status} />
          {entry.phone_confirmed && (
            <Badge colorPalette="gray" variant="outline">
              <Smartphone aria-hidden size={12} />
              {t`Mobile confirmed`}
            </Badge>
          )}
        </HStack>
        {entry.offer && (
          <Text fontSize="xs" color="fg.muted">
            {t`Offered ${formatTime(new Date(entry.offer.starts_at), locale, timeZone)}, held until ${formatTime(new Date(entry.offer.held_until), locale, timeZone)}`}
          </Text>
        )}
      </Stack>
    </Stack>
  );
}

function EntryStatusBadge({ status }: { status: Entry['status'] }) {
  const { t } = useLingui();
  const label = { waiting: t`Waiting`, offered: t`Offered a time`, booked: t`Booked`, lapsed: t`Offer passed` }[status];
  const palette = { waiting: 'blue', offered: 'green', booked: 'green', lapsed: 'orange' }[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}
