import { Button, type ButtonProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { notify } from '../../components/ui/toaster.tsx';
import { errorCode, errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';

/** Mails the signed-in user's confirmation link again; says where it went, or how long to wait. */
export function ResendVerificationButton({ email, ...buttonProps }: { email: string } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const resend = useMutation(
    trpc.auth.resendVerification.mutationOptions({
      onSuccess: () =>
        notify.success({
          title: t`We sent a new confirmation link to ${email}.`,
          description: t`The link works for 24 hours. If you cannot find it, check your spam folder.`,
        }),
      onError: (error) => {
        // Confirmed meanwhile (say, from another device): the page catches up with the account.
        if (errorCode(error) === 'EMAIL_ALREADY_VERIFIED') void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
        notify.error({ title: t`Could not send the link`, description: errorMessage(i18n, error) });
      },
    }),
  );
  return (
    <Button variant="outline" colorPalette="brand" {...buttonProps} loading={resend.isPending} onClick={() => resend.mutate()}>
      <MailCheck aria-hidden />
      {t`Send the confirmation link again`}
    </Button>
  );
}
