import {
  Box,
  Button,
  Link as ChakraLink,
  Circle,
  Container,
  Heading,
  HStack,
  List,
  SimpleGrid,
  Square,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BadgeCheck,
  CalendarCheck,
  CheckCircle2,
  ClipboardList,
  FileLock2,
  LayoutDashboard,
  type LucideIcon,
  Star,
  Tags,
  UserPlus,
  Users,
} from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { DirectionalIcon } from '../../components/ui/directional-icon.tsx';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { SectionHeading } from './section-heading.tsx';

interface Point {
  icon: LucideIcon;
  title: string;
  text: string;
}

interface JoinAsLabPageProps {
  /** Opens sign-up with the lab account type chosen. */
  onSignUp: () => void;
  /** Opens login for a lab. */
  onLogIn: () => void;
}

export function JoinAsLabPage({ onSignUp, onLogIn }: JoinAsLabPageProps) {
  const { t } = useLingui();
  const locale = activeLocale();
  usePageMeta({
    title: t`Join Tahaleel as a lab`,
    description: t`List your lab on Tahaleel, reach patients near you and manage bookings, results and payments from one dashboard. Joining is free.`,
  });

  const benefits: Point[] = [
    {
      icon: Users,
      title: t`More patients, less marketing`,
      text: t`Appear to people searching for your tests nearby, in Arabic and English, without running your own campaigns.`,
    },
    {
      icon: LayoutDashboard,
      title: t`One dashboard for everything`,
      text: t`Bookings, result uploads, test requests and payments in one place, on any device.`,
    },
    {
      icon: Tags,
      title: t`Your prices, your hours`,
      text: t`Set your own prices, working hours and how many patients you see in each time slot.`,
    },
    {
      icon: CalendarCheck,
      title: t`A well-planned day`,
      text: t`Patients book a time in advance, so your reception can plan the day and keep waiting times short.`,
    },
    {
      icon: FileLock2,
      title: t`Secure result delivery`,
      text: t`Upload results straight to the patient's account over an encrypted connection, with every access logged.`,
    },
    {
      icon: Star,
      title: t`A reputation that grows`,
      text: t`Ratings from real bookings help good labs stand out.`,
    },
  ];

  const steps: Point[] = [
    {
      icon: UserPlus,
      title: t`Create your lab account`,
      text: t`Sign up with your lab's name, e-mail and Ministry of Health licence number.`,
    },
    {
      icon: BadgeCheck,
      title: t`We verify your lab`,
      text: t`Our team checks your licence and details. Your account stays under review until it is approved.`,
    },
    {
      icon: ClipboardList,
      title: t`Add your tests and prices`,
      text: t`Choose the tests you offer, set prices and working hours, or ask us to add a test that is not listed yet.`,
    },
    {
      icon: CalendarCheck,
      title: t`Receive bookings`,
      text: t`Once approved, your lab appears in search results and patients can book straight away.`,
    },
  ];

  const requirements = [
    t`A valid laboratory licence from the Ministry of Health`,
    t`The commercial registration of the lab's operator`,
    t`The lab's address, location and working hours`,
    t`A contact person with a mobile number and e-mail address`,
  ];

  return (
    <>
      <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl">
          <Stack gap="6" align="center" textAlign="center">
            <Text color="brand.fg" fontWeight="semibold">
              {t`For medical laboratories`}
            </Text>
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.3">
              {t`Join Tahaleel as a lab`}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="3xl">
              {t`List your laboratory on Tahaleel and let patients across the Kingdom book your tests online. Every lab is reviewed by our team before it goes live.`}
            </Text>
            <HStack gap="3" wrap="wrap" justify="center">
              <Button colorPalette="brand" size="lg" onClick={onSignUp}>
                {t`Join Now`}
              </Button>
              <Button variant="outline" size="lg" bg="bg" onClick={onLogIn}>
                {t`Log in`}
              </Button>
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {t`Joining is free: start on the Starter plan and upgrade when you need more.`}
            </Text>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="lab-benefits-heading" py={{ base: '12', md: '16' }}>
        <Container maxW="7xl">
          <Stack gap={{ base: '8', md: '10' }}>
            <SectionHeading
              id="lab-benefits-heading"
              title={t`Why labs join Tahaleel`}
              description={t`Everything you need to welcome new patients, without changing how your lab works.`}
            />
            <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
              {benefits.map((benefit) => (
                <Stack as="li" key={benefit.title} direction="row" gap="4" p="6" rounded="2xl" borderWidth="1px" bg="bg">
                  <Square size="12" rounded="xl" bg="brand.subtle" color="brand.fg" flexShrink={0}>
                    <benefit.icon size={24} aria-hidden />
                  </Square>
                  <Stack gap="1">
                    <Heading as="h3" size="md">
                      {benefit.title}
                    </Heading>
                    <Text color="fg.muted">{benefit.text}</Text>
                  </Stack>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Box
        as="section"
        {...drawnWhenNear('join-as-lab:steps', '480px')}
        aria-labelledby="lab-steps-heading"
        bg="bg.subtle"
        py={{ base: '12', md: '16' }}
      >
        <Container maxW="7xl">
          <Stack gap={{ base: '8', md: '10' }}>
            <SectionHeading id="lab-steps-heading" title={t`How joining works`} />
            <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap="5">
              {steps.map((step, index) => (
                <Stack as="li" key={step.title} gap="3" p="6" rounded="2xl" bg="bg" borderWidth="1px">
                  <HStack gap="3">
                    <Circle size="10" bg="brand.solid" color="brand.contrast" fontWeight="bold" aria-hidden>
                      {formatNumber(index + 1, locale)}
                    </Circle>
                    <Box color="brand.fg">
                      <step.icon size={24} aria-hidden />
                    </Box>
                  </HStack>
                  <Heading as="h3" size="md">
                    {step.title}
                  </Heading>
                  <Text color="fg.muted">{step.text}</Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>
        </Container>
      </Box>

      <Box
        as="section"
        {...drawnWhenNear('join-as-lab:requirements', '480px')}
        aria-labelledby="lab-requirements-heading"
        py={{ base: '12', md: '16' }}
      >
        <Container maxW="5xl">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '8', md: '10' }} alignItems="center">
            <Stack gap="5">
              <SectionHeading id="lab-requirements-heading" title={t`What you need to join`} align="start" />
              <List.Root gap="3" variant="plain">
                {requirements.map((requirement) => (
                  <List.Item key={requirement} alignItems="start">
                    <List.Indicator asChild color="brand.fg" mt="0.5">
                      <CheckCircle2 />
                    </List.Indicator>
                    {requirement}
                  </List.Item>
                ))}
              </List.Root>
            </Stack>
            <Stack
              gap="4"
              p={{ base: '6', md: '8' }}
              rounded="3xl"
              bg="brand.solid"
              color="brand.contrast"
              // The brand-coloured ring would vanish on this brand-coloured panel.
              css={{ '& :focus-visible': { outlineColor: 'brand.contrast' } }}
            >
              <Heading as="h2" size="xl">
                {t`Ready to welcome new patients?`}
              </Heading>
              <Text fontSize="lg">{t`Create your lab account in a few minutes. Our team will review it and get in touch.`}</Text>
              <HStack gap="3" wrap="wrap">
                <Button bg="bg" color="brand.fg" _hover={{ bg: 'brand.subtle' }} onClick={onSignUp}>
                  {t`Create a lab account`}
                </Button>
                <ChakraLink asChild color="brand.contrast" fontWeight="semibold">
                  <Link to="/pricing" search={{ audience: 'lab' }}>
                    {t`See lab plans`}
                    <DirectionalIcon asChild boxSize="4">
                      <ArrowRight aria-hidden />
                    </DirectionalIcon>
                  </Link>
                </ChakraLink>
              </HStack>
            </Stack>
          </SimpleGrid>
        </Container>
      </Box>
    </>
  );
}
