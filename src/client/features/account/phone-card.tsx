import { Badge, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatPhone } from '../../../shared/phone.ts';
import { PhoneConfirmForm } from '../auth/phone-confirm-form.tsx';

/** The account's mobile number (issue #55): the one a code confirmed, and how to set or change it. */
export function PhoneCard({ phone }: { phone: string | null }) {
  const { t } = useLingui();
  return (
    <Card.Root variant="outline" data-testid="phone-card">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Mobile number`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {phone ? (
            <HStack gap="3" wrap="wrap">
              <Text as="bdi" dir="ltr" fontWeight="medium" data-testid="account-phone">
                {formatPhone(phone)}
              </Text>
              <Badge colorPalette="green">{t`Confirmed`}</Badge>
            </HStack>
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {t`Add your mobile number to get your booking confirmations and reminders by SMS, and to sign in with a code.`}
            </Text>
          )}
          <PhoneConfirmForm replacing={phone !== null} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
