import { Button, Dialog, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_VERSION, TERMS_VERSION } from '../../../shared/legal.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSignOut } from './use-sign-out.ts';

/**
 * Asks a signed-in user to accept the terms and privacy policy in force before going on: after
 * either changed, or for an account that never accepted them (made with Google). It cannot be
 * dismissed; the way out is signing out.
 */
export function ConsentDialog({ open }: { open: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const accept = useMutation(
    trpc.auth.acceptConsent.mutationOptions({
      onSuccess: (user) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), user);
        // Everything asked before the acceptance was refused (CONSENT_UPDATE_REQUIRED): ask again.
        void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
      },
      onError: (error) => notify.error({ title: errorMessage(i18n, error) }),
    }),
  );
  return (
    <Dialog.Root open={open} role="alertdialog" closeOnEscape={false} closeOnInteractOutside={false} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="consent-dialog">
            <Dialog.Header>
              <Dialog.Title>{t`Our terms and privacy policy have changed`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Dialog.Description>
                  {t`To keep using Tahaleel, please read and accept the current terms and privacy policy. They say what we keep about you, for how long and why.`}
                </Dialog.Description>
                <Text>
                  <Link href="/terms-and-conditions" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                    {t`Terms and conditions`}
                  </Link>
                  {' · '}
                  <Link href="/privacy-policy" target="_blank" rel="noopener" color="brand.fg" textDecoration="underline">
                    {t`Privacy Policy`}
                  </Link>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t`If you do not accept, you can still take a copy of your data with you:`}{' '}
                  <Link href="/account/export.zip" download color="brand.fg" textDecoration="underline">
                    {t`Download my data`}
                  </Link>
                </Text>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" loading={signOut.isPending} onClick={() => signOut.mutate()}>
                {t`Sign out`}
              </Button>
              <Button
                colorPalette="brand"
                loading={accept.isPending}
                onClick={() => accept.mutate({ termsVersion: TERMS_VERSION, privacyVersion: PRIVACY_VERSION })}
              >
                {t`I accept`}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
