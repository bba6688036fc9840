import { Badge, Card, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ResendVerificationButton } from '../auth/resend-verification-button.tsx';
import { ChangeEmailForm } from './change-email-form.tsx';

/** The account's address, whether it is confirmed, and how to change it. */
export function EmailCard({ email, verified, hasPassword }: { email: string; verified: boolean; hasPassword: boolean }) {
  const { t } = useLingui();
  return (
    <Card.Root variant="outline" data-testid="email-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`E-mail`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          <Stack gap="3">
            <HStack gap="3" wrap="wrap">
              <Text as="bdi" fontWeight="medium" wordBreak="break-all" data-testid="account-email">
                {email}
              </Text>
              <Badge colorPalette={verified ? 'green' : 'orange'} data-testid="email-status">
                {verified ? t`Confirmed` : t`Not confirmed`}
              </Badge>
            </HStack>
            {!verified && (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {t`Open the link we sent to this address to confirm it. Until then, we cannot be sure our mail reaches you.`}
                </Text>
                <ResendVerificationButton email={email} alignSelf="start" />
              </>
            )}
          </Stack>
          <Separator />
          <ChangeEmailForm hasPassword={hasPassword} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
