import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { useAuthModal } from '../features/auth/auth-modal-context.tsx';
import { GoogleUnverifiedNotice } from '../features/auth/google-unverified-notice.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { CategoryStrip } from '../features/catalog/category-strip.tsx';
import { PopularTests } from '../features/catalog/popular-tests.tsx';
import { HeroSearch } from '../features/home/hero-search.tsx';
import { HomeMarketing } from '../features/marketing/home-marketing.tsx';
import { searchChoice } from '../lib/plain-checks.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/')({
  // Google sign-in comes back with `google_unverified` when it would not link to an unconfirmed account.
  validateSearch: (search): { auth_error?: 'google_unverified' } => ({
    auth_error: searchChoice(search.auth_error, ['google_unverified'] as const),
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.prefetchQuery(context.trpc.catalog.categories.queryOptions()),
      context.queryClient.prefetchQuery(context.trpc.catalog.popularTests.queryOptions()),
    ]),
  component: HomePage,
});

function HomePage() {
  const { t } = useLingui();
  const authModal = useAuthModal();
  const { user } = useSession();
  const { auth_error: authError } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageMeta({
    title: t`Book your lab test at the best price near you`,
    description: t`Compare prices and ratings of certified labs across the Kingdom, then book a time that suits you.`,
  });
  return (
    <>
      <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '12', md: '20' }}>
        {authError === 'google_unverified' && <GoogleUnverifiedNotice onDismiss={() => void navigate({ search: {}, replace: true })} />}
        <Container maxW="5xl">
          <Stack gap="6" align="center" textAlign="center">
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.3">
              {t`Book your lab test at the best price near you`}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              {t`Compare prices and ratings of certified labs across the Kingdom, then book a time that suits you.`}
            </Text>
            <HeroSearch />
            {!user && (
              <Button variant="outline" colorPalette="brand" bg="bg" onClick={() => authModal.open('anonymous')}>
                <UserRound aria-hidden />
                {t`Book as a guest, no account needed`}
              </Button>
            )}
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py="12">
        <Stack gap="14">
          <CategoryStrip />
          <PopularTests />
        </Stack>
      </Container>
      <HomeMarketing />
    </>
  );
}
