import { Button, CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useAuthModal } from '../lib/auth-modal-context.tsx';
import { useSession } from '../lib/use-session.ts';
import { useSignOut } from '../lib/use-sign-out.ts';
import { dashboardNavLink, mainNavLinks } from './nav-links.ts';

/** The slide-in menu for small screens: four fifths of the width, from the reading end. */
export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const authModal = useAuthModal();
  const signOut = useSignOut();
  const links = user ? [...mainNavLinks, dashboardNavLink] : mainNavLinks;
  const pathname = useRouterState({ select: (state) => state.location.pathname });

  const openAuth = (mode: 'login' | 'signup') => {
    onClose();
    authModal.open(mode);
  };

  return (
    <Drawer.Root open={open} onOpenChange={(event) => !event.open && onClose()} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content width="80vw" maxW="80vw" data-testid="mobile-menu">
            <Drawer.Header>
              <Drawer.Title>{t`Menu`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label={t`Main`} gap="1">
                {links.map((link) => {
                  const active = link.to === '/' ? pathname === '/' : pathname.startsWith(link.to);
                  return (
                    <Button
                      key={link.to}
                      asChild
                      variant="ghost"
                      justifyContent="start"
                      fontWeight={active ? 'bold' : 'medium'}
                      onClick={onClose}
                    >
                      <Link to={link.to} aria-current={active ? 'page' : undefined}>
                        {i18n._(link.label)}
                      </Link>
                    </Button>
                  );
                })}
              </Stack>
              <Separator my="4" />
              <Stack gap="2">
                {user ? (
                  <Button
                    variant="outline"
                    onClick={() => {
                      onClose();
                      signOut.mutate();
                    }}
                  >
                    {t`Log out`}
                  </Button>
                ) : (
                  <>
                    <Button variant="outline" onClick={() => openAuth('login')}>
                      {t`Log in`}
                    </Button>
                    <Button colorPalette="brand" onClick={() => openAuth('signup')}>
                      {t`Sign up`}
                    </Button>
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`Close menu`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
