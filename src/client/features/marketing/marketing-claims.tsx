import { Box, Circle, Container, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { BadgeCheck, Clock, FlaskConical, type LucideIcon, Star } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';

interface Claim {
  icon: LucideIcon;
  value: string;
  label: string;
}

/** The product's published figures (spec §1), in the active language's number format. */
export function MarketingClaims() {
  const { t } = useLingui();
  const locale = activeLocale();
  const number = (value: number, fractionDigits?: number) => formatNumber(value, locale, fractionDigits);
  const claims: Claim[] = [
    { icon: BadgeCheck, value: `${number(500)}+`, label: t`certified labs` },
    { icon: FlaskConical, value: `${number(50_000)}+`, label: t`tests completed` },
    { icon: Star, value: `${number(4.9, 1)}/${number(5)}`, label: t`average customer rating` },
    { icon: Clock, value: `${number(24)}–${number(48)}`, label: t`hours to your results` },
  ];
  return (
    <Box
      as="section"
      {...drawnWhenNear('marketing-claims', '480px')}
      aria-label={t`Tahaleel in numbers`}
      bg="brand.solid"
      color="brand.contrast"
      py={{ base: '10', md: '12' }}
    >
      <Container maxW="7xl">
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 4 }} gap={{ base: '8', md: '6' }}>
          {claims.map((claim) => (
            <Stack as="li" key={claim.label} align="center" textAlign="center" gap="2" data-testid="marketing-claim">
              <Circle size="12" bg="whiteAlpha.200">
                <claim.icon size={24} aria-hidden />
              </Circle>
              <Text as="span" dir="ltr" fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" lineHeight="1.2">
                {claim.value}
              </Text>
              <Text as="span" fontSize={{ base: 'sm', md: 'md' }} opacity={0.9}>
                {claim.label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
