import { Box, Container, Heading, SimpleGrid, Square, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Eye, Languages, type LucideIcon, ShieldCheck, Tags, Target, UserCheck } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { LabCallToAction } from './lab-call-to-action.tsx';
import { MarketingClaims } from './marketing-claims.tsx';
import { SectionHeading } from './section-heading.tsx';

interface Value {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function AboutPage() {
  const { t } = useLingui();
  usePageMeta({
    title: t`About us`,
    description: t`Tahaleel is a Saudi platform that brings certified medical labs into one place: compare prices, book online and receive your results securely.`,
  });
  const values: Value[] = [
    {
      icon: Tags,
      title: t`Transparency`,
      text: t`Prices are shown before you book, and ratings come from real bookings.`,
    },
    {
      icon: ShieldCheck,
      title: t`Privacy`,
      text: t`Your health data belongs to you. We protect it under the Personal Data Protection Law.`,
    },
    {
      icon: UserCheck,
      title: t`Quality`,
      text: t`We list only licensed labs, and review each one before it reaches you.`,
    },
    {
      icon: Languages,
      title: t`Access for everyone`,
      text: t`Arabic and English, booking as a guest, and labs in cities across the Kingdom.`,
    },
  ];

  return (
    <>
      <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl">
          <Stack gap="5" textAlign="center" align="center">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.3">
              {t`About us`}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="3xl">
              {t`Tahaleel is a Saudi platform that brings certified medical laboratories into one place, so you can compare prices and ratings, book a time that suits you and receive your results securely.`}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="our-story-heading" py={{ base: '10', md: '14' }}>
        <Container maxW="4xl">
          <Stack gap="5">
            <SectionHeading id="our-story-heading" title={t`Our story`} align="start" />
            <Text fontSize="lg" lineHeight="1.9">
              {t`We started Tahaleel in Riyadh in 2025 after seeing how hard it was to answer a simple question: how much does this test cost, and where can I have it done today? The same test could cost very different amounts at labs a few streets apart, and most people only found out at the reception desk.`}
            </Text>
            <Text fontSize="lg" lineHeight="1.9">
              {t`So we built a marketplace where labs publish their prices and open times, patients compare and book online, and results come back to the patient's own account instead of a paper envelope.`}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-label={t`Mission and vision`} pb={{ base: '10', md: '14' }}>
        <Container maxW="5xl">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
            <Stack gap="3" p={{ base: '6', md: '8' }} rounded="2xl" bg="brand.solid" color="brand.contrast">
              <Target size={32} aria-hidden />
              <Heading as="h2" size="xl">
                {t`Our mission`}
              </Heading>
              <Text fontSize="lg" lineHeight="1.8">
                {t`To make lab testing in the Kingdom clear, fair and easy to reach: known prices, trusted labs and results you can read wherever you are.`}
              </Text>
            </Stack>
            <Stack gap="3" p={{ base: '6', md: '8' }} rounded="2xl" bg="brand.subtle" borderWidth="1px" borderColor="brand.muted">
              <Box color="brand.fg">
                <Eye size={32} aria-hidden />
              </Box>
              <Heading as="h2" size="xl">
                {t`Our vision`}
              </Heading>
              <Text fontSize="lg" lineHeight="1.8">
                {t`A Kingdom where anyone can look after their health with a preventive test booked in minutes, in support of the health sector goals of Saudi Vision 2030.`}
              </Text>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>

      <MarketingClaims />

      <Box as="section" {...drawnWhenNear('about:our-values', '480px')} aria-labelledby="our-values-heading" py={{ base: '12', md: '16' }}>
        <Container maxW="7xl">
          <Stack gap={{ base: '8', md: '10' }}>
            <SectionHeading
              id="our-values-heading"
              title={t`What we stand for`}
              description={t`Four principles guide every decision we make, from which labs we list to how we handle your results.`}
            />
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
              {values.map((value) => (
                <Stack as="li" key={value.title} gap="3" p="6" rounded="2xl" borderWidth="1px" bg="bg">
                  <Square size="12" rounded="xl" bg="brand.subtle" color="brand.fg">
                    <value.icon size={24} aria-hidden />
                  </Square>
                  <Heading as="h3" size="md">
                    {value.title}
                  </Heading>
                  <Text color="fg.muted">{value.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <LabCallToAction />
    </>
  );
}
