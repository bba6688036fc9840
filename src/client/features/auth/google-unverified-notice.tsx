import { Alert, Button, CloseButton, Container, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';

/**
 * Why Google sign-in did not link to an existing account (`/?auth_error=google_unverified`): its
 * address was never confirmed, so whoever holds the Google account may not be its owner.
 */
export function GoogleUnverifiedNotice({ onDismiss }: { onDismiss: () => void }) {
  const { t } = useLingui();
  const authModal = useAuthModal();
  return (
    <Container maxW="5xl" pb={{ base: '8', md: '10' }}>
      <Alert.Root status="warning" role="alert" alignItems="start" data-testid="google-unverified-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t`We did not link your Google account`}</Alert.Title>
          <Alert.Description>
            {t`An account with this e-mail already exists, but its address has not been confirmed, so we did not link your Google account. Sign in with your password (or reset it) to confirm the address, then sign in with Google.`}
          </Alert.Description>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" mt="3">
            <Button size="sm" colorPalette="brand" onClick={() => authModal.open('login')}>
              {t`Log in`}
            </Button>
            <Button asChild size="sm" variant="outline" colorPalette="brand" bg="bg">
              <Link to="/forgot-password">{t`Reset your password`}</Link>
            </Button>
          </Stack>
        </Alert.Content>
        <CloseButton size="sm" aria-label={t`Close`} onClick={onDismiss} />
      </Alert.Root>
    </Container>
  );
}
