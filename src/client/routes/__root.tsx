import { Box, Flex, SkipNavLink } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { Outlet, createRootRouteWithContext, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { CartPanelsProvider } from '../components/layout/cart-panels-context.tsx';
import { Footer } from '../components/layout/footer.tsx';
import { Header } from '../components/layout/header.tsx';
import { LoadingOverlay } from '../components/layout/loading-overlay.tsx';
import { NotFound } from '../components/not-found.tsx';
import { Toaster } from '../components/ui/toaster.tsx';
import { AuthModal } from '../features/auth/auth-modal.tsx';
import { AuthModalProvider } from '../features/auth/auth-modal-context.tsx';
import { RoleRedirects } from '../features/auth/role-redirects.tsx';
import { useSession } from '../features/auth/use-session.ts';
import { LabCartDialog } from '../features/lab-cart/lab-cart-dialog.tsx';
import { StoreCartDrawer } from '../features/store-cart/store-cart-drawer.tsx';
import { MAIN_CONTENT_ID, mainContent } from '../lib/main-content.ts';
import type { Trpc } from '../lib/trpc.ts';

export interface RouterContext {
  queryClient: QueryClient;
  trpc: Trpc;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

export function isStorePath(pathname: string): boolean {
  return pathname === '/store' || pathname.startsWith('/store/') || pathname.startsWith('/product/');
}

function RootLayout() {
  const { t } = useLingui();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const storeMode = isStorePath(pathname);
  const { isLoading } = useSession();
  const initialPath = useRef<string | null>(pathname);

  // A new page starts at its top, and so does the keyboard: focus goes to the main content, so Tab
  // continues in the new page and a screen reader says where it is (never on the first load).
  useEffect(() => {
    window.scrollTo(0, 0);
    if (pathname === initialPath.current) return;
    initialPath.current = null;
    mainContent()?.focus({ preventScroll: true });
  }, [pathname]);

  // The store's dark theme covers portals too (drawers, toasts), so it lives on <html>.
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', storeMode);
    root.style.colorScheme = storeMode ? 'dark' : 'light';
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
        <AuthModal />
        <RoleRedirects />
        <LabCartDialog />
        <StoreCartDrawer />
        <Toaster />
      </CartPanelsProvider>
    </AuthModalProvider>
  );
}
