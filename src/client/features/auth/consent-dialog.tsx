import { Button, Dialog, Link, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRIVACY_VERSION, signUpUnfinished, TERMS_VERSION } from '../../../shared/legal.ts';
import { DialogShell } from '../../components/form-dialog.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { type SessionUser, useSession } from '../../lib/use-session.ts';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { PhoneSignUpProfile } from './phone-sign-up-profile.tsx';

/**
 * Asks a signed-in user to accept the terms and privacy policy in force before going on: after
 * either changed, or for an account that never accepted them (made with Google). It cannot be
 * dismissed; the way out is signing out. An account whose sign-up by number stopped before its name
 * is asked the name step instead (issue #77 item 3).
 */
export function ConsentDialog({ open }: { open: boolean }) {
  const { user } = useSession();
  const authModal = useAuthModal();
  // The sign-in dialog may be showing this very step (its session seen on returning from the terms' tab):
  // asked there alone, and here once that dialog is closed.
  if (user && signUpUnfinished(user)) return <FinishSignUpDialog open={open && authModal.mode === null} />;
  return <TermsChangedDialog open={open} />;
}

/** Neither dialog can be dismissed: no close button, and neither Escape nor a click beside it closes it. */
const mustBeAnswered = { role: 'alertdialog', closeOnEscape: false, closeOnInteractOutside: false, closeButton: false } as const;

/** The user as the server now answers it: everything asked before and refused (CONSENT_UPDATE_REQUIRED) is asked again. */
function useAccepted() {
  const queryClient = useQueryClient();
  return (user: SessionUser | null) => {
    queryClient.setQueryData(trpc.auth.me.queryKey(), user);
    void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
  };
}

function TermsChangedDialog({ open }: { open: boolean }) {
  const { t, i18n } = useLingui();
  const accepted = useAccepted();
  const signOut = useSignOut();
  const accept = useMutation(
    trpc.auth.acceptConsent.mutationOptions({
      onSuccess: accepted,
      onError: (error) => notify.error({ title: errorMessage(i18n, error) }),
    }),
  );
  return (
    <DialogShell
      open={open}
      {...mustBeAnswered}
      testId="consent-dialog"
      title={t`Our terms and privacy policy have changed`}
      footer={
        <>
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
        </>
      }
    >
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
    </DialogShell>
  );
}

/** The name step of a sign-up by number left unfinished on an earlier visit: the account is made here. */
function FinishSignUpDialog({ open }: { open: boolean }) {
  const { t } = useLingui();
  const accepted = useAccepted();
  const signOut = useSignOut();
  return (
    <DialogShell
      open={open}
      {...mustBeAnswered}
      testId="finish-sign-up-dialog"
      title={t`Finish creating your account`}
      footer={
        <Button variant="plain" size="sm" loading={signOut.isPending} onClick={() => signOut.mutate()}>
          {t`Sign out`}
        </Button>
      }
    >
      <PhoneSignUpProfile
        intro={t`Your number is confirmed, but your account has no name yet. Tell us your name, as it should appear on your bookings and results.`}
        onDone={(user) => {
          accepted(user);
          notify.success({ title: t`Welcome to Tahaleel! Your account is ready.` });
        }}
      />
    </DialogShell>
  );
}
