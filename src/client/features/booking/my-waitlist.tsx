import { Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarCheck } from 'lucide-react';
import { ErrorState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { localized } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatClock, formatDate, formatHijriDate, formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';
import { useLabCart } from './lab-cart/use-lab-cart.ts';

type Entry = RouterOutputs['waitlist']['mine'][number];

/** How often the list asks again, so an offer made while the page is open shows without a reload. */
const REFRESH_MS = 30_000;

/**
 * The customer's waitlist (issue #58): each day waited for, and a time offered with until when it is
 * held, to book in one step (into the cart and on to checkout) or to let go; leaving takes one tap. What
 * ended lately (passed on, left, over) stays a few days, so a passed offer is explained; one booked goes
 * at once, its booking being among the bookings (issue #77 items 5, 19). Nothing shows for a customer who
 * never joined one.
 */
export function MyWaitlist() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const entries = useQuery({ ...trpc.waitlist.mine.queryOptions(), refetchInterval: REFRESH_MS });
  const leave = useMutation(
    trpc.waitlist.leave.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`You have left the waitlist` });
        void queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() });
      },
      onError: (error) => notify.error({ title: t`Could not leave the waitlist`, description: errorMessage(i18n, error) }),
    }),
  );

  if (entries.isError)
    return <ErrorState title={t`Could not load your waitlist.`} error={entries.error} onRetry={() => void entries.refetch()} />;
  if (!entries.data || entries.data.length === 0) return null;

  return (
    <Stack gap="3" id="waitlist" data-testid="my-waitlist">
      <Heading as="h2" size="lg">
        {t`Waitlist`}
      </Heading>
      <Stack gap="3" as="ul" listStyleType="none">
        {entries.data.map((entry) => (
          <WaitlistCard key={entry.id} entry={entry} leaving={leave.isPending} onLeave={() => leave.mutate({ id: entry.id })} />
        ))}
      </Stack>
    </Stack>
  );
}

function WaitlistCard({ entry, leaving, onLeave }: { entry: Entry; leaving: boolean; onLeave: () => void }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const navigate = useNavigate();
  const cart = useLabCart();
  const day = new Date(`${entry.date}T12:00:00Z`);
  const offer = entry.offer;
  const liveOffer = entry.status === 'offered' && offer !== null && new Date(offer.held_until).getTime() > Date.now();
  const live = entry.status === 'waiting' || entry.status === 'offered';

  const bookOffer = async () => {
    if (!offer) return;
    const added = await cart.add({
      labTestId: entry.lab_test_id,
      testNameAr: entry.test_name_ar,
      testNameEn: entry.test_name_en,
      labNameAr: entry.lab_name_ar,
      labNameEn: entry.lab_name_en,
      price: entry.price,
      bookingTime: offer.starts_at,
    });
    if (added) void navigate({ to: '/checkout' });
  };

  return (
    <Card.Root as="li" variant="outline" data-testid="waitlist-entry" data-status={entry.status}>
      <Card.Body gap="2">
        <HStack gap="2" wrap="wrap">
          <Link to="/test/$testName" params={{ testName: entry.test_name_en }}>
            <Text fontWeight="bold" color="brand.fg">
              {localized(locale, entry.test_name_ar, entry.test_name_en)}
            </Text>
          </Link>
          <WaitlistStatusBadge status={liveOffer || entry.status !== 'offered' ? entry.status : 'waiting'} />
        </HStack>
        <Text fontSize="sm">
          <bdi>{localized(locale, entry.lab_name_ar, entry.lab_name_en)}</bdi>
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(day, locale, 'UTC')} · {formatHijriDate(day, locale, 'UTC')} ·{' '}
          {entry.window ? (
            <bdi>{t`${formatClock(entry.window.from, locale)} to ${formatClock(entry.window.until, locale)}`}</bdi>
          ) : (
            t`any time`
          )}
        </Text>
        {liveOffer && offer && (
          <Text fontSize="sm" fontWeight="semibold" color="green.fg" role="status" data-testid="waitlist-offer">
            {t`A time is free for you at ${formatTime(new Date(offer.starts_at), locale, entry.time_zone)}. It is held for you until ${formatTime(new Date(offer.held_until), locale, entry.time_zone)}.`}
          </Text>
        )}
        {entry.status === 'waiting' && (
          <Text fontSize="sm" color="fg.muted">
            {t`We will e-mail you if a time frees up on this day.`}
          </Text>
        )}
        {entry.status === 'lapsed' && (
          <Text fontSize="sm" color="fg.muted">
            {t`The time we held for you was not booked in time, so it went to the next person waiting.`}
          </Text>
        )}
        {live && (
          <HStack gap="2" wrap="wrap" justify="end">
            {liveOffer && (
              <Button size="sm" colorPalette="brand" loading={cart.adding} onClick={() => void bookOffer()} data-testid="waitlist-book">
                <CalendarCheck aria-hidden />
                {t`Book this time`}
              </Button>
            )}
            <Button size="sm" variant="outline" loading={leaving} onClick={onLeave} data-testid="waitlist-leave">
              {t`Leave the waitlist`}
            </Button>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function WaitlistStatusBadge({ status }: { status: Entry['status'] }) {
  const { t } = useLingui();
  const label = {
    waiting: t`Waiting`,
    offered: t`Time offered`,
    lapsed: t`Offer passed`,
    left: t`Left`,
    ended: t`Day over`,
  }[status];
  const palette = { waiting: 'blue', offered: 'green', lapsed: 'orange', left: 'gray', ended: 'gray' }[status];
  return (
    <Badge colorPalette={palette} variant="subtle">
      {label}
    </Badge>
  );
}
