import { Box, Button, Container, HStack, IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { LayoutDashboard, LogOut, Menu } from 'lucide-react';
import { lazy, useState } from 'react';
import { dashboardPath } from '../features/auth/dashboard-path.ts';
import { LanguageToggle } from '../features/locale/language-toggle.tsx';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { useSession } from '../lib/use-session.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { CartButton } from './cart-button.tsx';
import { LazyPanel } from './lazy-panel.tsx';
import { Logo } from './logo.tsx';
import { dashboardNavLink, mainNavLinks } from './nav-links.ts';

const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((module) => ({ default: module.MobileMenu })));

export function Header({ storeMode }: { storeMode: boolean }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const authModal = useAuthModal();
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const links = user ? [...mainNavLinks, dashboardNavLink] : mainNavLinks;

  return (
    <Box as="header" borderBottomWidth="1px" bg="bg" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl" py="3">
        <HStack justify="space-between" gap="4">
          <Logo />
          <HStack as="nav" aria-label={t`Main`} gap="1" display={{ base: 'none', lg: 'flex' }}>
            {links.map((link) => {
              const active = link.to === '/' ? pathname === '/' : pathname.startsWith(link.to);
              return (
                <Button
                  key={link.to}
                  asChild
                  variant="ghost"
                  size="sm"
                  color={active ? 'brand.fg' : 'fg'}
                  fontWeight={active ? 'bold' : 'medium'}
                >
                  <Link to={link.to} aria-current={active ? 'page' : undefined}>
                    {i18n._(link.label)}
                  </Link>
                </Button>
              );
            })}
          </HStack>
          <HStack gap="1">
            <LanguageToggle />
            <CartButton storeMode={storeMode} />
            <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
              {user ? (
                <>
                  <Button asChild size="sm" colorPalette="brand">
                    <Link to={dashboardPath(user.user_type)}>
                      <LayoutDashboard aria-hidden />
                      {t`Dashboard`}
                    </Link>
                  </Button>
                  <IconButton
                    size="sm"
                    variant="ghost"
                    aria-label={t`Log out`}
                    onClick={() => signOut.mutate()}
                    loading={signOut.isPending}
                  >
                    <LogOut />
                  </IconButton>
                </>
              ) : (
                <>
                  <Button size="sm" variant="ghost" onClick={() => authModal.open('login')}>
                    {t`Log in`}
                  </Button>
                  <Button size="sm" colorPalette="brand" onClick={() => authModal.open('signup')}>
                    {t`Sign up`}
                  </Button>
                </>
              )}
            </HStack>
            <IconButton
              variant="ghost"
              display={{ base: 'flex', lg: 'none' }}
              aria-label={t`Open menu`}
              onClick={() => setMenuOpen(true)}
              data-testid="mobile-menu-button"
            >
              <Menu />
            </IconButton>
          </HStack>
        </HStack>
      </Container>
      <LazyPanel open={menuOpen}>
        <MobileMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
      </LazyPanel>
    </Box>
  );
}
