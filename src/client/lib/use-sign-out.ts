import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../components/ui/toaster.tsx';
import { errorMessage } from './errors.ts';
import { trpc } from './trpc.ts';

/** Once the server has ended the session: nothing of the account stays in the page, which goes home. */
function useLeaveSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    queryClient.clear();
    await navigate({ to: '/', replace: true });
  };
}

export function useSignOut() {
  const { t } = useLingui();
  const leave = useLeaveSession();
  return useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: leave,
      onError: () => {
        notify.error({ title: t`Sign out Failed`, description: t`Something went wrong` });
      },
    }),
  );
}

/** Ends every session of the account, this browser's too. */
export function useSignOutEverywhere() {
  const { t, i18n } = useLingui();
  const leave = useLeaveSession();
  return useMutation(
    trpc.account.signOutEverywhere.mutationOptions({
      onSuccess: async () => {
        await leave();
        notify.success({ title: t`You have been signed out of all devices.` });
      },
      onError: (error) => notify.error({ title: t`Sign out Failed`, description: errorMessage(i18n, error) }),
    }),
  );
}
