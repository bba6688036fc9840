import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';

/** Everything we hold about the user as a zip the browser saves (GET /account/export.zip). */
export function YourDataCard() {
  const { t } = useLingui();
  return (
    <Card.Root variant="outline" data-testid="your-data">
      <Card.Header>
        <Heading as="h3" size="md">
          {t`Your data`}
        </Heading>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <Text color="fg.muted" fontSize="sm">
            {t`Download a copy of everything we keep about you: your profile, bookings, payments, store orders, who viewed your results, and the result files themselves. It holds health data: keep it somewhere safe.`}
          </Text>
          <Button asChild variant="outline" colorPalette="brand" alignSelf="start">
            <a href="/account/export.zip" download>
              <Download aria-hidden />
              {t`Download my data`}
            </a>
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
