import { Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { PasswordConfirmDialog } from '../auth/password-confirm-dialog.tsx';
import { PhoneConfirmForm } from '../auth/phone-confirm-form.tsx';

/**
 * A home visit's number (ADR 0074): asked in the booking panel of a customer who has not confirmed one,
 * since the collector calls and the visit's texts go there. Loaded only then.
 */
export function HomeVisitPhone() {
  const { t } = useLingui();
  return (
    <Stack gap="3" borderWidth="1px" borderColor="border.emphasized" rounded="md" p="4" data-testid="home-visit-phone">
      <Heading as="h4" size="sm">
        {t`Your mobile number`}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t`The collector calls you on the day of the visit, and we text you when they set out. Confirm your number with a code by SMS.`}
      </Text>
      <PhoneConfirmForm replacing={false} codeFor="home_visit" />
      <PasswordConfirmDialog />
    </Stack>
  );
}
