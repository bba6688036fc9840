import { Alert, Stack } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmailAddress } from '../../components/email-address.tsx';
import type { SessionUser } from '../../lib/use-session.ts';
import { ResendVerificationButton } from '../auth/resend-verification-button.tsx';

/** Above a dashboard while the account's address is unconfirmed: where the link went, and a new one. */
export function ConfirmEmailNotice({ user }: { user: SessionUser }) {
  const { t } = useLingui();
  const email = user.email;
  if (!email || user.email_verified || user.is_anonymous) return null;
  return (
    <Alert.Root status="info" alignItems="start" data-testid="confirm-email-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Stack gap="3" align="start">
          <Stack gap="1">
            <Alert.Title>
              <Trans>
                Confirm your e-mail address: we sent a link to <EmailAddress>{email}</EmailAddress>.
              </Trans>
            </Alert.Title>
            {user.user_type === 'lab' && !user.approved && (
              <Alert.Description>{t`Your lab can be approved once your address is confirmed.`}</Alert.Description>
            )}
          </Stack>
          <ResendVerificationButton email={email} size="sm" bg="bg" />
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
