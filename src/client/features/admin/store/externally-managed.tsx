import { Alert, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { SectionTitle } from '../../../components/stat-card.tsx';

/** With an external store configured, its catalogue and orders are managed there (STORE_API_URL). */
export function ExternallyManaged({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="5">
      <SectionTitle title={title} />
      <Alert.Root status="info" data-testid="store-managed-externally">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t`The catalogue is managed in the external store`}</Alert.Title>
          <Alert.Description>{t`Products, stock and orders are changed in the external store's own dashboard; this site shows what it gives.`}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
