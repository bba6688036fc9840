import { HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { House, Truck } from 'lucide-react';
import { isolated } from '../../lib/bidi.ts';
import { formatTime } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

/**
 * A booking's sample is taken at home: where (for the customer's list and the lab's), and once the lab said
 * so, that its collector is on the way.
 */
export function HomeVisitLine({ address, leftAt, timeZone }: { address: string; leftAt: string | null; timeZone: string }) {
  const { t } = useLingui();
  const locale = activeLocale();
  return (
    <Stack gap="1">
      <HStack gap="1" fontSize="sm" align="start" data-testid="booking-home-visit">
        <House size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
        <Text>
          {t`Home visit:`} <bdi>{address}</bdi>
        </Text>
      </HStack>
      {leftAt && (
        <HStack gap="1" fontSize="sm" align="start" color="green.fg" data-testid="collector-on-the-way">
          <Truck size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
          <Text>{t`The collector is on the way (set out at ${isolated(formatTime(new Date(leftAt), locale, timeZone))}).`}</Text>
        </HStack>
      )}
    </Stack>
  );
}
