import { Box, Flex, SkipNavLink } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { isStorePath } from '../../shared/server-rendering.ts';
import { Footer } from '../app-shell/footer.tsx';
import { Header } from '../app-shell/header.tsx';
import { LazyPanel } from '../app-shell/lazy-panel.tsx';
import { LoadingOverlay } from '../app-shell/loading-overlay.tsx';
import { OtherCartLink } from '../app-shell/other-cart-link.tsx';
import { CartPanelsProvider, useCartPanels } from '../components/cart-panels-context.tsx';
import { NotFound } from '../components/not-found.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { confineRole } from '../features/auth/require-user.ts';
import { RoleRedirects } from '../features/auth/role-redirects.tsx';
import { forgetSkipped } from '../features/auth/two-factor/prompt-skipped.ts';
import { secondFactorStanding } from '../features/auth/two-factor/standing.ts';
import { TwoFactorPrompt } from '../features/auth/two-factor/two-factor-prompt.tsx';
import { AuthModalProvider, useAuthModal } from '../lib/auth-modal-context.tsx';
import { loadRouteCatalogs, withCatalogs } from '../lib/locale.ts';
import { MAIN_CONTENT_ID, mainContent } from '../lib/main-content.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { useStoreLanguageRefresh } from '../lib/store-queries.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useSession } from '../lib/use-session.ts';

// Opened by a click, never needed for the first paint: each comes with its first opening, the sign-in
// and second-factor parts with their text (the `auth` catalog, lib/catalog-sources.ts).
const AuthModal = lazy(() =>
  withCatalogs(['auth'], () => import('../features/auth/auth-modal.tsx')).then((module) => ({ default: module.AuthModal })),
);
const ConsentDialog = lazy(() =>
  withCatalogs(['auth'], () => import('../features/auth/consent-dialog.tsx')).then((module) => ({ default: module.ConsentDialog })),
);
const LabCartDialog = lazy(() =>
  import('../features/booking/lab-cart/lab-cart-dialog.tsx').then((module) => ({ default: module.LabCartDialog })),
);
// Only for admins and approved labs whose second factor is overdue.
const TwoFactorRequired = lazy(() =>
  withCatalogs(['auth'], () => import('../features/auth/two-factor/two-factor-required.tsx')).then((module) => ({
    default: module.TwoFactorRequired,
  })),
);
const StoreCartDrawer = lazy(() =>
  import('../features/store-cart/store-cart-drawer.tsx').then((module) => ({ default: module.StoreCartDrawer })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  // The page's own catalogs (lib/catalog-sources.ts) arrive beside the session's check, before any of
  // its routes draws: on the first load, after a link, and when a link is hovered (preload).
  beforeLoad: async ({ context, location, matches }) => {
    await Promise.all([confineRole(context, location.pathname), loadRouteCatalogs(matches.map((match) => match.routeId))]);
  },
  component: RootLayout,
  notFoundComponent: NotFound,
});

const legalPaths = new Set(['/terms-and-conditions', '/privacy-policy']);

function RootLayout() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const storeMode = isStorePath(pathname);
  const { user, isLoading } = useSession();
  const standing = secondFactorStanding(user);
  // Until the terms in force are accepted the dialog asks over an empty page: the server answers nothing
  // of the account (trpc/init.ts). The legal pages stay readable, as the dialog links to them.
  const consentRequired = user?.consent_required === true && !legalPaths.has(pathname);
  const hydrated = useHydrated();
  const initialPath = useRef<string | null>(pathname);
  // Store answers cached on any page follow a language switch.
  useStoreLanguageRefresh();

  // A new page starts at its top (the router's scroll restoration, router.tsx), and so does the
  // keyboard: focus goes to the main content, so Tab continues in the new page and a screen reader
  // says where it is (never on the first load).
  useEffect(() => {
    if (pathname === initialPath.current) return;
    initialPath.current = null;
    mainContent()?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <AuthModalProvider>
      <CartPanelsProvider>
        <Flex direction="column" minH="100vh">
          <SkipNavLink
            id={MAIN_CONTENT_ID}
            zIndex="skipNav"
            onClick={(event) => {
              // Focus without adding #main-content to the address.
              event.preventDefault();
              mainContent()?.focus();
            }}
          >
            {t`Skip to main content`}
          </SkipNavLink>
          <Header storeMode={storeMode} />
          {/* The store's dark theme covers the store's own area, never the header and footer around it. */}
          <Box
            as="main"
            id={MAIN_CONTENT_ID}
            tabIndex={-1}
            flex="1"
            outline="none"
            className={storeMode ? 'dark' : undefined}
            bg="bg"
            color="fg"
            css={storeMode ? { colorScheme: 'dark' } : undefined}
          >
            {standing === 'setup_required' ? (
              // Lazy, so drawn by the browser once it has the page, not by the server (lib/use-hydrated.ts).
              hydrated && (
                <Suspense fallback={null}>
                  <TwoFactorRequired admin={user?.user_type === 'admin'} />
                </Suspense>
              )
            ) : consentRequired ? null : (
              <>
                {/* Drawn with the page, not after a chunk arrives: the page below it never jumps down. */}
                {standing === 'grace' && user && <TwoFactorPrompt userId={user.id} dueAt={user.two_factor_due_at} />}
                <Outlet />
              </>
            )}
          </Box>
          <Footer />
        </Flex>
        {isLoading && <LoadingOverlay />}
        <Panels consentRequired={consentRequired} />
        <RoleRedirects />
        <Toaster />
      </CartPanelsProvider>
    </AuthModalProvider>
  );
}

/** The dialogs and drawers over every page; the consent dialog while the terms in force wait for acceptance. */
function Panels({ consentRequired }: { consentRequired: boolean }) {
  const authModal = useAuthModal();
  const cartPanels = useCartPanels();
  const { user } = useSession();
  // A sign-out forgets a skipped grace-period prompt, so the next sign-in asks again.
  useEffect(() => {
    if (!user) forgetSkipped();
  }, [user]);
  return (
    <>
      <LazyPanel open={consentRequired}>
        <ConsentDialog open={consentRequired} />
      </LazyPanel>
      <LazyPanel open={authModal.mode !== null}>
        <AuthModal />
      </LazyPanel>
      <LazyPanel open={cartPanels.open === 'lab'}>
        <LabCartDialog otherCart={<OtherCartLink from="lab" />} />
      </LazyPanel>
      <LazyPanel open={cartPanels.open === 'store'}>
        <StoreCartDrawer otherCart={<OtherCartLink from="store" />} />
      </LazyPanel>
    </>
  );
}
