import { Box, Flex, SkipNavLink } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, useEffect, useRef } from 'react';
import { isStorePath } from '../../shared/server-rendering.ts';
import { Footer } from '../app-shell/footer.tsx';
import { Header } from '../app-shell/header.tsx';
import { LazyPanel } from '../app-shell/lazy-panel.tsx';
import { LoadingOverlay } from '../app-shell/loading-overlay.tsx';
import { CartPanelsProvider, useCartPanels } from '../components/cart-panels-context.tsx';
import { NotFound } from '../components/not-found.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthModalProvider, useAuthModal } from '../features/auth/auth-modal-context.tsx';
import { RoleRedirects } from '../features/auth/role-redirects.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { MAIN_CONTENT_ID, mainContent } from '../lib/main-content.ts';
import type { RouterContext } from '../lib/router-context.ts';
import { useStoreLanguageRefresh } from '../lib/store-queries.ts';

// Opened by a click, never needed for the first paint: each comes with its first opening.
const AuthModal = lazy(() => import('../features/auth/auth-modal.tsx').then((module) => ({ default: module.AuthModal })));
const LabCartDialog = lazy(() => import('../features/lab-cart/lab-cart-dialog.tsx').then((module) => ({ default: module.LabCartDialog })));
const StoreCartDrawer = lazy(() =>
  import('../features/store-cart/store-cart-drawer.tsx').then((module) => ({ default: module.StoreCartDrawer })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const storeMode = isStorePath(pathname);
  const { isLoading } = useSession();
  const initialPath = useRef<string | null>(pathname);
  // Store answers cached on any page follow a language switch.
  useStoreLanguageRefresh();

  // A new page starts at its top, and so does the keyboard: focus goes to the main content, so Tab
  // continues in the new page and a screen reader says where it is (never on the first load).
  useEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === initialPath.current) return;
    initialPath.current = null;
    mainContent()?.focus({ preventScroll: true });
  }, [pathname]);

  // The store's dark theme covers portals too (drawers, toasts), so it lives on <html>. A page drawn
  // on the server has it already: touched only on a change, as restyling the whole page is costly.
  useEffect(() => {
    const root = document.documentElement;
    const scheme = storeMode ? 'dark' : 'light';
    root.classList.toggle('dark', storeMode);
    if (root.style.colorScheme !== scheme) root.style.colorScheme = scheme;
  }, [storeMode]);

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
          <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} flex="1" outline="none">
            <Outlet />
          </Box>
          <Footer />
        </Flex>
        {isLoading && <LoadingOverlay />}
        <Panels />
        <RoleRedirects />
        <Toaster />
      </CartPanelsProvider>
    </AuthModalProvider>
  );
}

function Panels() {
  const authModal = useAuthModal();
  const cartPanels = useCartPanels();
  return (
    <>
      <LazyPanel open={authModal.mode !== null}>
        <AuthModal />
      </LazyPanel>
      <LazyPanel open={cartPanels.open === 'lab'}>
        <LabCartDialog />
      </LazyPanel>
      <LazyPanel open={cartPanels.open === 'store'}>
        <StoreCartDrawer />
      </LazyPanel>
    </>
  );
}
