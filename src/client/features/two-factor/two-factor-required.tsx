import { Alert, Button, Card, Container, Heading, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { LogOut } from 'lucide-react';
import { useSignOut } from '../auth/use-sign-out.ts';
import { TwoFactorEnrolment } from './two-factor-enrolment.tsx';

/**
 * What an admin or approved lab sees once the grace period has run out without a second factor: the
 * server answers nothing else (TWO_FACTOR_SETUP_REQUIRED) until it is set up.
 */
export function TwoFactorRequired() {
  const { t } = useLingui();
  const signOut = useSignOut();
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
        <Button variant="outline" alignSelf="start" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          <LogOut aria-hidden />
          {t`Log out`}
        </Button>
      </Stack>
    </Container>
  );
}
