import { Alert, Button, Card, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { trpc } from '../../../lib/trpc.ts';
import { useSignOut } from '../../../lib/use-sign-out.ts';
import { PasskeySignInButton } from '../passkey-sign-in-button.tsx';
import { PasskeysCard } from '../passkeys/passkeys-card.tsx';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';

/**
 * What an admin or approved lab sees once the grace period has run out without a second factor: the
 * server answers nothing else (TWO_FACTOR_SETUP_REQUIRED) until it is set up. Either an authenticator
 * app, or a passkey: added here, then signed in with, since a passkey session has both factors.
 */
export function TwoFactorRequired({ admin }: { admin: boolean }) {
  const { t } = useLingui();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const passkeys = useQuery(trpc.account.passkeys.queryOptions());
  return (
    <Container maxW="2xl" py="10" data-testid="two-factor-required">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {t`Set up two-factor sign-in first`}
        </Heading>
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t`Your account handles patients' health data. The time to set up a second factor has run out: set it up now to continue.`}</Alert.Title>
        </Alert.Root>
        <Card.Root variant="outline">
          <Card.Body>
            <TwoFactorEnrolment />
          </Card.Body>
        </Card.Root>
        <Heading as="h2" size="lg">
          {t`Or use a passkey`}
        </Heading>
        <PasskeysCard />
        {(passkeys.data?.length ?? 0) > 0 && (
          <Stack gap="3" data-testid="passkey-sign-in-again">
            <Text>{t`A passkey counts as both factors. Sign in with it now to continue.`}</Text>
            <PasskeySignInButton admin={admin} onSignedIn={(user) => queryClient.setQueryData(trpc.auth.me.queryKey(), user)} />
          </Stack>
        )}
        <Button variant="outline" alignSelf="start" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          <LogOut aria-hidden />
          {t`Log out`}
        </Button>
      </Stack>
    </Container>
  );
}
