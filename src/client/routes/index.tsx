import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { GoogleUnverifiedNotice } from '../features/auth/google-unverified-notice.tsx';
import { type SignInReturnPath, signInReturnPaths } from '../features/auth/require-user.ts';
import { CategoryStrip } from '../features/catalog/category-strip.tsx';
import { PopularTests } from '../features/catalog/popular-tests.tsx';
import { HeroSearch } from '../features/home/hero-search.tsx';
import { HomeMarketing } from '../features/marketing/home-marketing.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { searchChoice } from '../lib/plain-checks.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';
import { useSession } from '../lib/use-session.ts';

export const Route = createFileRoute('/')({
  // Google sign-in comes back with `google_unverified` when it would not link to an unconfirmed account;
  // a signed-out visit to a dashboard comes here with `sign_in`, the page to return to once signed in.
  validateSearch: (search): { auth_error?: 'google_unverified'; sign_in?: SignInReturnPath } => ({
    auth_error: searchChoice(search.auth_error, ['google_unverified'] as const),
    sign_in: searchChoice(search.sign_in, signInReturnPaths),
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
  useSignInThenReturn();
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

/**
 * `?sign_in=/dashboard`: opens the sign-in (the admin's for /admin/dashboard) and, once signed in,
 * goes back to that page; closing the sign-in leaves the visitor here.
 */
function useSignInThenReturn() {
  const { sign_in: returnTo } = Route.useSearch();
  const navigate = Route.useNavigate();
  const authModal = useAuthModal();
  const { user, isLoading } = useSession();
  const asked = useRef(false);

  useEffect(() => {
    if (!returnTo || isLoading) return;
    if (user) {
      void navigate({ to: returnTo, replace: true });
    } else if (!asked.current) {
      asked.current = true;
      authModal.open(returnTo === '/admin/dashboard' ? 'admin' : 'login');
    } else if (authModal.mode === null) {
      void navigate({ search: {}, replace: true });
    }
  }, [returnTo, user, isLoading, authModal, navigate]);
}
