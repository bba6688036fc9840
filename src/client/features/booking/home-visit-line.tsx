import { HStack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { House } from 'lucide-react';

/** A booking's sample is taken at home: where (for the customer's list and the lab's). */
export function HomeVisitLine({ address }: { address: string }) {
  const { t } = useLingui();
  return (
    <HStack gap="1" fontSize="sm" align="start" data-testid="booking-home-visit">
      <House size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
      <Text>
        {t`Home visit:`} <bdi>{address}</bdi>
      </Text>
    </HStack>
  );
}
