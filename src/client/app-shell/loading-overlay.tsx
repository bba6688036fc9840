import { Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

export function LoadingOverlay() {
  const { t } = useLingui();
  return (
    <Center position="fixed" inset="0" bg="bg" zIndex="overlay" role="status" aria-live="polite" data-testid="loading-overlay">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted">{t`Loading...`}</Text>
      </Stack>
    </Center>
  );
}
