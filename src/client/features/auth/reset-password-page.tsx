import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, Unlink } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { AccountTaskPage, StepHeading } from '../../components/account-task-page.tsx';
import { ErrorState, LoadingState } from '../../components/query-state.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { useAuthModal } from '../../lib/auth-modal-context.tsx';
import { errorCode, errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { dashboardPath } from './dashboard-path.ts';

type UnusableLink = 'used' | 'expired' | 'invalid';

const unusableLinkOf = { LINK_USED: 'used', LINK_EXPIRED: 'expired', LINK_INVALID: 'invalid' } as const;

/**
 * The page a password-reset mail links to. The link is checked first, so nobody types a new password
 * into a page whose link no longer works; a valid one leads to the form, and the new password signs
 * the user in (the server has ended every other session), or, for an account with two-factor on, leads
 * to the code step, as a sign-in does: the mailbox alone is not enough.
 */
export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  usePageMeta({ title: t`Set a new password`, noindex: true });
  const check = useQuery({
    ...trpc.auth.checkResetLink.queryOptions({ token: token ?? '' }),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  // The link can stop working while the form is open (it expires, or was used in another tab).
  const [failedOnSubmit, setFailedOnSubmit] = useState<UnusableLink | null>(null);

  if (!token) return <UnusableLinkNotice status="invalid" />;
  if (failedOnSubmit) return <UnusableLinkNotice status={failedOnSubmit} takesFocus />;
  if (check.isPending) {
    return (
      <AccountTaskPage>
        <LoadingState />
      </AccountTaskPage>
    );
  }
  if (check.isError) {
    return (
      <AccountTaskPage>
        <ErrorState title={t`Could not check your link`} error={check.error} onRetry={() => void check.refetch()} />
      </AccountTaskPage>
    );
  }
  const { status } = check.data;
  if (status !== 'valid') return <UnusableLinkNotice status={status} />;
  return <NewPasswordForm token={token} onUnusableLink={setFailedOnSubmit} />;
}

function NewPasswordForm({ token, onUnusableLink }: { token: string; onUnusableLink: (status: UnusableLink) => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const authModal = useAuthModal();
  const [form, setForm] = useState({ password: '', confirm: '' });
  const [mismatch, setMismatch] = useState(false);
  const reset = useMutation(
    trpc.auth.resetPassword.mutationOptions({
      // With two-factor on the answer is { two_factor_required: true } alone, as the password step's.
      onSuccess: async (answer) => {
        if (!('id' in answer)) {
          notify.success({ title: t`Your password has been changed. Enter the code from your authenticator app to sign in.` });
          authModal.open('second-factor');
          await navigate({ to: '/', replace: true });
          return;
        }
        queryClient.setQueryData(trpc.auth.me.queryKey(), answer);
        notify.success({ title: t`Your password has been changed and you are signed in.` });
        await navigate({ to: dashboardPath(answer.user_type), replace: true });
        void queryClient.invalidateQueries();
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'LINK_USED' || code === 'LINK_EXPIRED' || code === 'LINK_INVALID') return onUnusableLink(unusableLinkOf[code]);
        if (!fieldError(i18n, error, 'password'))
          notify.error({ title: t`Could not change your password`, description: errorMessage(i18n, error) });
      },
    }),
  );
  const invalidPassword = reset.error ? fieldError(i18n, reset.error, 'password') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const different = form.password !== form.confirm;
    setMismatch(different);
    if (!different) reset.mutate({ token, password: form.password });
  };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));

  return (
    <AccountTaskPage>
      <StepHeading icon={KeyRound} colorPalette="brand" title={t`Set a new password`} />
      <Text color="fg.muted" textAlign="center">
        {t`Choose a new password for your account. You will be signed out on every other device.`}
      </Text>
      <form onSubmit={submit} noValidate data-testid="reset-password-form">
        <Stack gap="4">
          <Field.Root invalid={Boolean(invalidPassword)} required>
            <Field.Label>{t`New password`}</Field.Label>
            <Input type="password" dir="ltr" autoComplete="new-password" value={form.password} onChange={set('password')} />
            {invalidPassword ? (
              <Field.ErrorText>{invalidPassword}</Field.ErrorText>
            ) : (
              <Field.HelperText>{t`At least 8 characters.`}</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={mismatch} required>
            <Field.Label>{t`Confirm new password`}</Field.Label>
            <Input type="password" dir="ltr" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
            <Field.ErrorText>{t`The passwords do not match.`}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="brand" width="full" loading={reset.isPending}>
            {t`Save the new password`}
          </Button>
        </Stack>
      </form>
    </AccountTaskPage>
  );
}

function UnusableLinkNotice({ status, takesFocus = false }: { status: UnusableLink; takesFocus?: boolean }) {
  const { t } = useLingui();
  const says = {
    used: {
      title: t`This link has already been used`,
      text: t`Each link to reset your password works only once. If you still need a new password, ask for a new link.`,
    },
    expired: {
      title: t`This link has expired`,
      text: t`For your security, a link to reset your password works for 30 minutes. Ask for a new one; it only takes a moment.`,
    },
    invalid: {
      title: t`This link is not valid`,
      text: t`Make sure you opened the whole link from the e-mail, or ask for a new one.`,
    },
  }[status];
  return (
    <AccountTaskPage>
      <StepHeading icon={Unlink} colorPalette="orange" title={says.title} takesFocus={takesFocus} />
      <Text textAlign="center" data-testid="reset-link-problem">
        {says.text}
      </Text>
      <Button asChild colorPalette="brand" alignSelf="center">
        <Link to="/forgot-password">{t`Request a new link`}</Link>
      </Button>
    </AccountTaskPage>
  );
}
