import { Box, Circle, Container, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CalendarCheck, FileCheck2, type LucideIcon, Scale, Search } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { SectionHeading } from './section-heading.tsx';

interface Step {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function HowItWorks() {
  const { t } = useLingui();
  const locale = activeLocale();
  const steps: Step[] = [
    {
      icon: Search,
      title: t`Search for your test`,
      text: t`Type the test's name or browse the categories, and tell us where you are.`,
    },
    {
      icon: Scale,
      title: t`Compare labs`,
      text: t`See the prices, ratings and distance of certified labs side by side.`,
    },
    {
      icon: CalendarCheck,
      title: t`Book your time`,
      text: t`Pick the day and time that suit you and confirm in a few taps.`,
    },
    {
      icon: FileCheck2,
      title: t`Get your results`,
      text: t`Give your sample at the lab, and your results arrive securely in your account, usually within 24–48 hours.`,
    },
  ];
  return (
    <Box as="section" {...drawnWhenNear('how-it-works', '480px')} aria-labelledby="how-it-works-heading" py={{ base: '12', md: '16' }}>
      <Container maxW="7xl">
        <Stack gap={{ base: '8', md: '10' }}>
          <SectionHeading
            id="how-it-works-heading"
            eyebrow={t`How it works`}
            title={t`Your lab test in four simple steps`}
            description={t`From searching to results, everything happens in one place.`}
          />
          <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
            {steps.map((step, index) => (
              <Stack as="li" key={step.title} gap="3" p="6" rounded="2xl" borderWidth="1px" bg="bg" data-testid="how-it-works-step">
                <HStack justify="space-between" align="start">
                  <Circle size="12" bg="brand.subtle" color="brand.fg">
                    <step.icon size={24} aria-hidden />
                  </Circle>
                  {/* Large text: brand.400 keeps the 3:1 that WCAG asks of it on white. */}
                  <Text
                    as="span"
                    fontSize="3xl"
                    fontWeight="bold"
                    color={{ base: 'brand.400', _dark: 'brand.300' }}
                    lineHeight="1"
                    aria-hidden
                  >
                    {formatNumber(index + 1, locale)}
                  </Text>
                </HStack>
                <Text as="h3" fontWeight="bold" fontSize="lg">
                  {step.title}
                </Text>
                <Text color="fg.muted">{step.text}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Stack>
      </Container>
    </Box>
  );
}
