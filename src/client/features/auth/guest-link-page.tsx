import { Button, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarCheck, Unlink, UserCheck } from 'lucide-react';
import { AccountTaskPage, StepHeading } from '../../components/account-task-page.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

type Problem = 'expired' | 'invalid' | 'registered' | 'failed';

function problemOf(error: unknown): Problem {
  switch (errorCode(error)) {
    case 'LINK_EXPIRED':
      return 'expired';
    case 'LINK_INVALID':
    case 'VALIDATION_FAILED':
      return 'invalid';
    case 'ALREADY_REGISTERED':
      return 'registered';
    default:
      return 'failed';
  }
}

/**
 * The page a guest's booking mail links to (ADR 0066). It asks before opening the bookings, so a mail
 * scanner that follows the link signs no one in; the tap starts the guest's session on this device.
 */
export function GuestLinkPage({ token }: { token: string | undefined }) {
  const { t, i18n } = useLingui();
  usePageMeta({ title: t`Manage your booking`, noindex: true });
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const open = useMutation(
    trpc.auth.openGuestLink.mutationOptions({
      onSuccess: async (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        await queryClient.invalidateQueries();
        await navigate({ to: '/dashboard', search: { section: 'bookings' } });
      },
    }),
  );

  if (!token) return <LinkProblem problem="invalid" />;
  if (open.isError) {
    const problem = problemOf(open.error);
    return <LinkProblem problem={problem} detail={problem === 'failed' ? errorMessage(i18n, open.error) : undefined} />;
  }
  return (
    <AccountTaskPage>
      <StepHeading icon={CalendarCheck} colorPalette="brand" title={t`Manage your booking`} takesFocus />
      <Text textAlign="center">
        {t`You booked as a guest. Open your bookings on this device to see them, move one to another time or cancel it. The link works until your appointment is over.`}
      </Text>
      <Button colorPalette="brand" alignSelf="center" loading={open.isPending} onClick={() => open.mutate({ token })}>
        {t`Open my booking`}
      </Button>
    </AccountTaskPage>
  );
}

function LinkProblem({ problem, detail }: { problem: Problem; detail?: string | undefined }) {
  const { t } = useLingui();
  const authModal = useAuthModal();
  const says = {
    expired: {
      title: t`This link has expired`,
      text: t`A guest's link to manage a booking works until the appointment is over.`,
    },
    invalid: { title: t`This link is not valid`, text: t`Make sure you opened the whole link from the e-mail.` },
    registered: {
      title: t`Your booking is in your account now`,
      text: t`You created an account after booking, so your bookings are behind its sign-in. Log in to manage them.`,
    },
    failed: { title: t`We could not open your booking`, text: detail ?? '' },
  }[problem];
  return (
    <AccountTaskPage>
      <StepHeading icon={problem === 'registered' ? UserCheck : Unlink} colorPalette="orange" title={says.title} takesFocus />
      <Text textAlign="center" data-testid="guest-link-problem">
        {says.text}
      </Text>
      <Stack align="center" gap="3">
        {problem === 'registered' ? (
          <Button colorPalette="brand" onClick={() => authModal.open('login')}>
            {t`Log in`}
          </Button>
        ) : (
          <Button asChild colorPalette="brand" variant="outline">
            <Link to="/">{t`Go to the home page`}</Link>
          </Button>
        )}
      </Stack>
    </AccountTaskPage>
  );
}
