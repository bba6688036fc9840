import { Alert, Button, Card, Heading, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Settings } from 'lucide-react';

/** The spec's notice, shown above every section while the lab awaits approval. */
export function UnderReviewNotice() {
  const { t } = useLingui();
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Title data-testid="lab-under-review">{t`Your lab account is under review. You will be notified once it is approved.`}</Alert.Title>
    </Alert.Root>
  );
}

/** An unapproved lab's overview: the one useful thing to do while it waits. */
export function WhileUnderReview({ onOpenSettings }: { onOpenSettings: () => void }) {
  const { t } = useLingui();
  return (
    <Card.Root variant="subtle" bg="brand.subtle">
      <Card.Body gap="3">
        <Heading as="h2" size="md">
          {t`While you wait`}
        </Heading>
        <Text>
          {t`Complete your lab profile: address, location on the map, phone number and working hours. Patients see them as soon as your lab is approved.`}
        </Text>
        <Button colorPalette="brand" alignSelf="start" onClick={onOpenSettings}>
          <Settings aria-hidden />
          {t`Complete your profile`}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
