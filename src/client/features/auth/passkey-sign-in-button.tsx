import { Button, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { trpcClient } from '../../lib/trpc.ts';
import type { SessionUser } from '../../lib/use-session.ts';
import { passkeyErrorMessage } from './passkeys/passkey-errors.ts';

/**
 * Sign-in with a passkey instead of the password and code: the browser offers this site's passkeys on
 * the device, the user unlocks one, and the server starts a session (docs/decisions/0025).
 */
export function PasskeySignInButton({ admin, onSignedIn }: { admin: boolean; onSignedIn(user: SessionUser): void }) {
  const { t, i18n } = useLingui();
  const signIn = useMutation({
    mutationFn: async () => {
      const optionsJSON = await trpcClient.auth.passkeySignInOptions.mutate();
      const { startAuthentication } = await import('@simplewebauthn/browser');
      // The options cross tRPC as plain JSON; the library types their (unused) extensions more narrowly.
      const response = await startAuthentication({ optionsJSON: optionsJSON as PublicKeyCredentialRequestOptionsJSON });
      return trpcClient.auth.signInWithPasskey.mutate({ response, admin });
    },
    onSuccess: onSignedIn,
  });
  return (
    <>
      <Button variant="outline" width="full" loading={signIn.isPending} onClick={() => signIn.mutate()}>
        <KeyRound aria-hidden />
        {t`Sign in with a passkey`}
      </Button>
      {signIn.error && (
        <Text color="fg.error" fontSize="sm" mt="2" role="alert">
          {passkeyErrorMessage(i18n, signIn.error)}
        </Text>
      )}
    </>
  );
}
