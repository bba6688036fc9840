import { Box, Button, Container, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useContext, useState, useSyncExternalStore } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { activeLocale, withCatalogs } from '../../../lib/locale.ts';
import { rememberSkipped, SkippedOnServer, skippedBy } from './prompt-skipped.ts';

// The QR code and its form come with the click on "Set it up now"; the notice itself is drawn with the page.
const TwoFactorEnrolment = lazy(() =>
  withCatalogs(['auth'], () => import('./two-factor-enrolment.tsx')).then((module) => ({ default: module.TwoFactorEnrolment })),
);

/** The cookie: read when drawn, written only by this notice (and forgotten at sign-out). */
const noChanges = () => () => {};

/**
 * During the grace period an admin or approved lab is asked, at each sign-in, to set up two-factor
 * sign-in; they may skip it until `dueAt` (docs/decisions/0023). A notice at the top of the page,
 * not a dialog: the page stays usable while they decide.
 */
export function TwoFactorPrompt({ userId, dueAt }: { userId: string; dueAt: string | null }) {
  const { t } = useLingui();
  const [enrolling, setEnrolling] = useState(false);
  const [skippedNow, setSkippedNow] = useState(false);
  // Skipped earlier in this browser: the server reads the same cookie, so the page it drew agrees.
  const skippedOnServer = useContext(SkippedOnServer);
  const skippedEarlier = useSyncExternalStore(
    noChanges,
    () => skippedBy() === userId,
    () => (typeof document === 'undefined' ? skippedOnServer : skippedBy()) === userId,
  );
  if (skippedNow || skippedEarlier) return null;
  const skip = () => {
    rememberSkipped(userId);
    setSkippedNow(true);
  };
  const deadline = dueAt ? formatDate(new Date(dueAt), activeLocale()) : null;
  return (
    <Container maxW="7xl" pt="4">
      <Box
        data-testid="two-factor-prompt"
        role="region"
        aria-label={t`Two-factor sign-in`}
        borderWidth="1px"
        borderColor="brand.muted"
        bg="brand.subtle"
        rounded="l3"
        p="4"
      >
        <Stack gap="3">
          <Text fontWeight="semibold">{t`Secure your account`}</Text>
          <Text>{t`Your account can see patients' names, bookings and results, so it must have a second factor besides the password.`}</Text>
          {deadline && (
            <Text>{t`You can skip this until ${deadline}. After that, you will need to set it up before you can continue.`}</Text>
          )}
          {enrolling ? (
            <Suspense fallback={null}>
              <TwoFactorEnrolment onDone={skip} />
            </Suspense>
          ) : (
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button colorPalette="brand" onClick={() => setEnrolling(true)}>
                {t`Set it up now`}
              </Button>
              <Button variant="outline" onClick={skip}>
                {t`Skip for now`}
              </Button>
            </Stack>
          )}
        </Stack>
      </Box>
    </Container>
  );
}
