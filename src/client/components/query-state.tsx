import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';

export function LoadingState() {
  const { t } = useLingui();
  return (
    <Center py="16" role="status" aria-live="polite">
      <Stack align="center">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{t`Loading...`}</Text>
      </Stack>
    </Center>
  );
}

export function ErrorState({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorMessage(i18n, error)}</Alert.Description>
      </Alert.Content>
      {onRetry && (
        <Button size="sm" variant="outline" onClick={onRetry}>
          {t`Try again`}
        </Button>
      )}
    </Alert.Root>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Center py="12" px="6" borderWidth="1px" borderStyle="dashed" rounded="lg">
      <Text color="fg.muted" textAlign="center">
        {children}
      </Text>
    </Center>
  );
}
