import { Box, Container, SimpleGrid, Square, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CalendarCheck, FileLock2, Languages, type LucideIcon, MapPin, ShieldCheck, Tags } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { SectionHeading } from './section-heading.tsx';

interface Reason {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function WhyChooseUs() {
  const { t } = useLingui();
  const reasons: Reason[] = [
    {
      icon: ShieldCheck,
      title: t`Licensed, reviewed labs`,
      text: t`Every lab on Tahaleel holds a valid licence and is reviewed by our team before it is listed.`,
    },
    {
      icon: Tags,
      title: t`Clear prices, no surprises`,
      text: t`Prices include VAT and are shown before you book, so you pay exactly what you saw.`,
    },
    {
      icon: MapPin,
      title: t`Labs near you`,
      text: t`Sort by distance and find a lab close to home or work in the Kingdom's main cities.`,
    },
    {
      icon: CalendarCheck,
      title: t`Book in minutes`,
      text: t`See the open slots and confirm your appointment online, without phone calls or queues.`,
    },
    {
      icon: FileLock2,
      title: t`Your results stay private`,
      text: t`Only you, the lab that ran your test and authorised staff can open your results, and every access is recorded.`,
    },
    {
      icon: Languages,
      title: t`Arabic and English`,
      text: t`Use Tahaleel in the language you prefer, and reach our support team in either.`,
    },
  ];
  return (
    <Box
      as="section"
      {...drawnWhenNear('why-choose-us', '480px')}
      aria-labelledby="why-choose-us-heading"
      bg="bg.subtle"
      py={{ base: '12', md: '16' }}
    >
      <Container maxW="7xl">
        <Stack gap={{ base: '8', md: '10' }}>
          <SectionHeading
            id="why-choose-us-heading"
            eyebrow={t`Why Tahaleel`}
            title={t`Six reasons to book with us`}
            description={t`We built Tahaleel around what matters when you need a test: trust, price, time and privacy.`}
          />
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
            {reasons.map((reason) => (
              <Stack
                as="li"
                key={reason.title}
                direction="row"
                gap="4"
                p="6"
                rounded="2xl"
                bg="bg"
                borderWidth="1px"
                data-testid="why-choose-us-reason"
              >
                <Square size="12" rounded="xl" bg="brand.solid" color="brand.contrast" flexShrink={0}>
                  <reason.icon size={24} aria-hidden />
                </Square>
                <Stack gap="1">
                  <Text as="h3" fontWeight="bold" fontSize="lg">
                    {reason.title}
                  </Text>
                  <Text color="fg.muted">{reason.text}</Text>
                </Stack>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
