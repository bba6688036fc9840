import { Box, Button, Link as ChakraLink, Container, Heading, HStack, Separator, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Mail, MapPin, Phone } from 'lucide-react';
import { drawnWhenNear } from '../components/drawn-when-near.ts';
import { NewsletterForm } from '../features/newsletter/newsletter-form.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { contactDetails } from '../lib/contact-details.ts';
import { trpc } from '../lib/trpc.ts';
import { Logo } from './logo.tsx';
import { footerQuickLinks } from './nav-links.ts';

// Brand names are written as they are, in Latin script.
const networkNames = { x: 'X', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube' } as const;

/** Tahaleel's own accounts, as the operator set them (SOCIAL_*_URL); none is shown until its address is set. */
function SocialLinks() {
  const { t } = useLingui();
  const links = useQuery({ ...trpc.catalog.socialLinks.queryOptions(), staleTime: Number.POSITIVE_INFINITY });
  if (!links.data?.length) return null;
  return (
    <HStack gap="2" wrap="wrap" aria-label={t`Follow us`} role="group">
      {links.data.map(({ network, href }) => (
        <Button key={network} asChild variant="outline" size="xs" dir="ltr">
          <a href={href} target="_blank" rel="noopener noreferrer">
            {networkNames[network]}
          </a>
        </Button>
      ))}
    </HStack>
  );
}

function copyrightYear(): string {
  return new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Asia/Riyadh' }).format(new Date());
}

export function Footer() {
  const { t, i18n } = useLingui();
  const authModal = useAuthModal();
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" mt="16" {...drawnWhenNear('footer', '480px')}>
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="8">
          <Stack gap="3">
            <Logo />
            <Text color="fg.muted" fontSize="sm">
              {t`Tahaleel helps you find the lab test you need, compare certified labs by price, rating and distance, and book a time that suits you.`}
            </Text>
            <SocialLinks />
          </Stack>
          <Stack gap="2" as="nav" aria-label={t`Quick links`}>
            <Heading as="h2" size="sm">{t`Quick links`}</Heading>
            {footerQuickLinks.map((link) => (
              <ChakraLink key={link.to} asChild color="fg.muted" fontSize="sm">
                <Link to={link.to}>{i18n._(link.label)}</Link>
              </ChakraLink>
            ))}
            <ChakraLink asChild color="fg.muted" fontSize="sm">
              <Link to="/join-as-lab">{t`Join as a lab`}</Link>
            </ChakraLink>
          </Stack>
          <Stack gap="2">
            <Heading as="h2" size="sm">{t`Contact us`}</Heading>
            <HStack color="fg.muted" fontSize="sm">
              <MapPin size={16} aria-hidden />
              <Text>{t`King Fahd Road, Olaya, Riyadh`}</Text>
            </HStack>
            <HStack color="fg.muted" fontSize="sm">
              <Phone size={16} aria-hidden />
              <ChakraLink href={contactDetails.phoneHref} dir="ltr" color="fg.muted">
                {contactDetails.phone}
              </ChakraLink>
            </HStack>
            <HStack color="fg.muted" fontSize="sm">
              <Mail size={16} aria-hidden />
              <ChakraLink href={`mailto:${contactDetails.supportEmail}`} dir="ltr" color="fg.muted">
                {contactDetails.supportEmail}
              </ChakraLink>
            </HStack>
          </Stack>
          <NewsletterForm />
        </SimpleGrid>
        <Separator my="6" />
        <HStack justify="space-between" wrap="wrap" gap="3" fontSize="sm" color="fg.muted">
          {/* The year in Riyadh, the same on the server and in the browser but for a moment at New Year. */}
          <Text suppressHydrationWarning>{t`© ${copyrightYear()} Tahaleel. All rights reserved.`}</Text>
          <HStack gap="4" wrap="wrap">
            <ChakraLink asChild>
              <Link to="/privacy-policy">{t`Privacy Policy`}</Link>
            </ChakraLink>
            <ChakraLink asChild>
              <Link to="/terms-and-conditions">{t`Terms & Conditions`}</Link>
            </ChakraLink>
            <Button size="xs" variant="outline" onClick={() => authModal.open('admin')}>
              {t`Admin Login`}
            </Button>
          </HStack>
        </HStack>
      </Container>
    </Box>
  );
}
