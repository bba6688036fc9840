import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { useState } from 'react';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { formatClock } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSession } from '../../lib/use-session.ts';

/** How long an offered time is kept for the person offered it (the server's OFFER_MINUTES). */
const OFFER_MINUTES = 15;

/**
 * Under a full day's times (issue #58): join the waitlist for this test on this day, at any time or
 * between two of the lab's times; or, already on it, say so and leave it in one step. A visitor or a
 * guest is asked to sign in, since the offer comes by mail to an account. Nothing shows on a day that
 * has free times, or none at all.
 */
export function WaitlistJoin({ labTestId, date }: { labTestId: number; date: string }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const queryClient = useQueryClient();
  const authModal = useAuthModal();
  const { user } = useSession();
  const signedUp = user?.user_type === 'customer' && !user.is_anonymous;
  const day = useQuery({ ...trpc.waitlist.day.queryOptions({ labTestId, date }), staleTime: 15_000 });
  const mine = useQuery({ ...trpc.waitlist.mine.queryOptions(), enabled: signedUp });
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() });
  const join = useMutation(
    trpc.waitlist.join.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`You are on the waitlist` });
        refresh();
      },
      onError: (error) => notify.error({ title: t`Could not join the waitlist`, description: errorMessage(i18n, error) }),
    }),
  );
  const leave = useMutation(
    trpc.waitlist.leave.mutationOptions({
      onSuccess: () => {
        notify.success({ title: t`You have left the waitlist` });
        refresh();
      },
      onError: (error) => notify.error({ title: t`Could not leave the waitlist`, description: errorMessage(i18n, error) }),
    }),
  );

  // Labs and admins do not wait for seats.
  if (!day.data?.open || (user && user.user_type !== 'customer')) return null;
  const entry = mine.data?.find(
    (candidate) =>
      candidate.lab_test_id === labTestId && candidate.date === date && (candidate.status === 'waiting' || candidate.status === 'offered'),
  );
  const ends = day.data.times.map((time) => time.ends).filter((end) => from !== '' && end > from);
  const window = from !== '' && until !== '' ? { from, until } : null;

  return (
    <Stack gap="3" borderWidth="1px" rounded="md" padding="4" data-testid="waitlist-join">
      <HStack gap="2">
        <Clock size={18} aria-hidden />
        <Text fontWeight="semibold">{entry ? t`You are on the waitlist for this day` : t`Join the waitlist for this day`}</Text>
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t`If a time frees up, we will e-mail you and hold it for you for ${OFFER_MINUTES} minutes. The first person waiting is offered it first.`}
      </Text>
      {entry ? (
        <Button
          variant="outline"
          alignSelf="start"
          loading={leave.isPending}
          onClick={() => leave.mutate({ id: entry.id })}
          data-testid="waitlist-leave"
        >
          {t`Leave the waitlist`}
        </Button>
      ) : signedUp ? (
        <>
          <HStack gap="3" align="end" wrap="wrap">
            <Field.Root width="auto" minWidth="36">
              <Field.Label>{t`From`}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={from}
                  onChange={(event) => {
                    const next = event.currentTarget.value;
                    setFrom(next);
                    // Until the end of the day's last time by default, and never before the start.
                    setUntil(next === '' ? '' : (day.data.times.at(-1)?.ends ?? ''));
                  }}
                  data-testid="waitlist-from"
                >
                  <option value="">{t`Any time that day`}</option>
                  {day.data.times.map((time) => (
                    <option key={time.starts} value={time.starts}>
                      {formatClock(time.starts, locale)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {from !== '' && (
              <Field.Root width="auto" minWidth="36">
                <Field.Label>{t`Until`}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={until} onChange={(event) => setUntil(event.currentTarget.value)} data-testid="waitlist-until">
                    {ends.map((end) => (
                      <option key={end} value={end}>
                        {formatClock(end, locale)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
          </HStack>
          <Button
            colorPalette="brand"
            variant="outline"
            alignSelf="start"
            loading={join.isPending}
            onClick={() => join.mutate({ labTestId, date, window })}
            data-testid="waitlist-submit"
          >
            {t`Join the waitlist`}
          </Button>
        </>
      ) : (
        <Button
          variant="outline"
          alignSelf="start"
          onClick={() => authModal.open(user ? 'signup' : 'login')}
          data-testid="waitlist-sign-in"
        >
          {user ? t`Sign up to join the waitlist` : t`Sign in to join the waitlist`}
        </Button>
      )}
    </Stack>
  );
}
