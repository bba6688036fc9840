import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** The external store is not answering: what the page shows is what it said last. */
export function StaleStoreNotice() {
  const { t } = useLingui();
  return (
    <Alert.Root status="warning" role="status" data-testid="stale-store-notice">
      <Alert.Indicator />
      <Alert.Description>
        {t`We cannot reach the store right now, so prices and stock shown here may be out of date. Please try again in a few minutes before you buy.`}
      </Alert.Description>
    </Alert.Root>
  );
}
