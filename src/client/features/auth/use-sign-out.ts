import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { notify } from '../../components/ui/toaster.tsx';
import { trpc } from '../../lib/trpc.ts';

export function useSignOut() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation(
    trpc.auth.signOut.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        await navigate({ to: '/', replace: true });
      },
      onError: () => {
        notify.error({ title: t`Sign out Failed`, description: t`Something went wrong` });
      },
    }),
  );
}
