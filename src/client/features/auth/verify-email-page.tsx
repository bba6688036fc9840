import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BadgeCheck, MailCheck, Settings, Unlink } from 'lucide-react';
import { AccountTaskPage, StepHeading } from '../../components/account-task-page.tsx';
import { EmailAddress } from '../../components/email-address.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { type RouterOutputs, trpc, trpcClient } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { type SessionUser, useSession } from '../../lib/use-session.ts';
import { dashboardPath } from './dashboard-path.ts';
import { ResendVerificationButton } from './resend-verification-button.tsx';

type Verification = RouterOutputs['auth']['verifyEmail'];

/**
 * One request per link and page load. Opening the link is the confirmation, so the page sends it by
 * itself; React's StrictMode mounts the page twice, and a second request would find the link used.
 */
const verifications = new Map<string, Promise<Verification>>();

function verifyOnce(token: string): Promise<Verification> {
  let verification = verifications.get(token);
  if (!verification) {
    verification = trpcClient.auth.verifyEmail.mutate({ token });
    verifications.set(token, verification);
  }
  return verification;
}

type Problem = 'expired' | 'used' | 'invalid' | 'taken' | 'failed';

function problemOf(error: unknown): Problem {
  switch (errorCode(error)) {
    case 'LINK_EXPIRED':
      return 'expired';
    case 'LINK_USED':
      return 'used';
    case 'LINK_INVALID':
    case 'VALIDATION_FAILED':
      return 'invalid';
    case 'EMAIL_TAKEN':
      return 'taken';
    default:
      return 'failed';
  }
}

/** The page a confirmation mail links to: it confirms the address as it opens, signed in or not. */
export function VerifyEmailPage({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  usePageMeta({ title: t`Confirm your e-mail address`, noindex: true });
  const queryClient = useQueryClient();
  const verification = useQuery({
    queryKey: ['verify-email', token],
    queryFn: async () => {
      const result = await verifyOnce(token ?? '');
      void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      return result;
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  if (!token) return <VerificationProblem problem="invalid" />;
  if (verification.isPending) {
    return (
      <AccountTaskPage>
        <Stack role="status" align="center" gap="5">
          <StepHeading icon={MailCheck} colorPalette="brand" title={t`Confirming your e-mail address…`} />
          <Spinner size="lg" color="brand.solid" />
        </Stack>
      </AccountTaskPage>
    );
  }
  if (verification.isError) {
    const retry = () => {
      verifications.delete(token);
      void verification.refetch();
    };
    return <VerificationProblem problem={problemOf(verification.error)} error={verification.error} onRetry={retry} />;
  }
  const { email, changed } = verification.data;
  return (
    <AccountTaskPage>
      <StepHeading
        icon={BadgeCheck}
        colorPalette="green"
        title={
          changed ? (
            <Trans>
              Your e-mail address is now <EmailAddress>{email}</EmailAddress>
            </Trans>
          ) : (
            t`Your e-mail address is confirmed`
          )
        }
        takesFocus
      />
      <Text textAlign="center" data-testid="email-confirmed">
        {changed
          ? t`From now on, log in with this address; mail about your bookings, results and account goes to it.`
          : t`Thank you. Mail about your bookings, results and account will reach you at this address.`}
      </Text>
      <ContinueButton />
    </AccountTaskPage>
  );
}

/** On to the user's dashboard, or home for a visitor. */
function ContinueButton({ variant = 'solid' }: { variant?: 'solid' | 'ghost' }) {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <Button asChild colorPalette="brand" variant={variant} alignSelf="center">
      <Link to={user ? dashboardPath(user.user_type) : '/'}>{t`Continue`}</Link>
    </Button>
  );
}

function VerificationProblem({ problem, error, onRetry }: { problem: Problem; error?: unknown; onRetry?: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const says = {
    expired: { title: t`This link has expired`, text: t`A link to confirm your e-mail address works for 24 hours.` },
    used: { title: t`This link has already been used`, text: t`Each confirmation link works only once.` },
    invalid: { title: t`This link is not valid`, text: t`Make sure you opened the whole link from the e-mail, or ask for a new one.` },
    taken: {
      title: t`This address belongs to another account`,
      text: t`Another account confirmed this e-mail address first, so it cannot be added to yours.`,
    },
    failed: { title: t`We could not confirm your address`, text: error ? errorMessage(i18n, error) : '' },
  }[problem];
  return (
    <AccountTaskPage>
      <StepHeading icon={Unlink} colorPalette="orange" title={says.title} takesFocus />
      <Text textAlign="center" data-testid="verify-email-problem">
        {says.text}
      </Text>
      {problem === 'failed' && onRetry ? (
        <Button colorPalette="brand" alignSelf="center" onClick={onRetry}>
          {t`Try again`}
        </Button>
      ) : (
        <NextStep user={user} />
      )}
      <ContinueButton variant="ghost" />
    </AccountTaskPage>
  );
}

/** What the reader of a link that did not work can do next, depending on who they are. */
function NextStep({ user }: { user: SessionUser | null }) {
  const { t } = useLingui();
  const authModal = useAuthModal();
  if (!user || user.is_anonymous || !user.email) {
    return (
      <Stack align="center" gap="3">
        <Text color="fg.muted" textAlign="center">
          {t`Log in to get a new link: you can send it again from your dashboard.`}
        </Text>
        <Button colorPalette="brand" variant="outline" onClick={() => authModal.open('login')}>
          {t`Log in`}
        </Button>
      </Stack>
    );
  }
  const email = user.email;
  if (user.email_verified) {
    return (
      <Stack align="center" gap="3">
        <Text color="fg.muted" textAlign="center">
          <Trans>
            Your current address, <EmailAddress>{email}</EmailAddress>, is confirmed. If you were changing your address, start again from
            your account settings.
          </Trans>
        </Text>
        <Button asChild colorPalette="brand" variant="outline">
          <Link to={dashboardPath(user.user_type)} search={{ section: 'settings' }}>
            <Settings aria-hidden />
            {t`Account settings`}
          </Link>
        </Button>
      </Stack>
    );
  }
  return (
    <Stack align="center" gap="3">
      <Text color="fg.muted" textAlign="center">
        <Trans>
          We can send a new link to <EmailAddress>{email}</EmailAddress>.
        </Trans>
      </Text>
      <ResendVerificationButton email={email} />
    </Stack>
  );
}
