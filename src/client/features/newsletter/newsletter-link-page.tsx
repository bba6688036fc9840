import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MailCheck, MailX, Unlink } from 'lucide-react';
import { AccountTaskPage, StepHeading } from '../../components/account-task-page.tsx';
import { errorCode } from '../../lib/errors.ts';
import { trpcClient } from '../../lib/trpc.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';

export type NewsletterAction = 'confirm' | 'unsubscribe';

/** One request per link and page load (StrictMode mounts the page twice). */
const requests = new Map<string, Promise<unknown>>();

function once(action: NewsletterAction, token: string): Promise<unknown> {
  const key = `${action}:${token}`;
  let request = requests.get(key);
  if (!request) {
    request = action === 'confirm' ? trpcClient.newsletter.confirm.mutate({ token }) : trpcClient.newsletter.unsubscribe.mutate({ token });
    requests.set(key, request);
  }
  return request;
}

/**
 * The pages the newsletter's mail links to: confirming the subscription (double opt-in) and leaving
 * the list. Both work as they open, without signing in.
 */
export function NewsletterLinkPage({ action, token }: { action: NewsletterAction; token: string | undefined }) {
  const { t } = useLingui();
  usePageMeta({ title: action === 'confirm' ? t`Confirm your subscription` : t`Unsubscribe`, noindex: true });
  const request = useQuery({
    queryKey: ['newsletter-link', action, token],
    queryFn: () => once(action, token ?? ''),
    enabled: Boolean(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  const invalid = !token || ['LINK_INVALID', 'VALIDATION_FAILED'].includes(errorCode(request.error) ?? '');
  if (invalid) {
    return (
      <AccountTaskPage>
        <StepHeading icon={Unlink} colorPalette="orange" title={t`This link is not valid`} takesFocus={Boolean(token)} />
        <Text textAlign="center" color="fg.muted">
          {action === 'confirm'
            ? t`It may have been replaced by a newer one: subscribe again from the bottom of any page and use the link in the latest mail.`
            : t`Make sure you opened the whole link from the e-mail.`}
        </Text>
        <Button asChild colorPalette="brand" alignSelf="center">
          <Link to="/">{t`Go to the home page`}</Link>
        </Button>
      </AccountTaskPage>
    );
  }
  if (request.isPending) {
    return (
      <AccountTaskPage>
        <Stack role="status" align="center" gap="5">
          <Spinner size="lg" color="brand.fg" />
          <Text>{action === 'confirm' ? t`Confirming your subscription…` : t`Removing your address from the list…`}</Text>
        </Stack>
      </AccountTaskPage>
    );
  }
  if (request.isError) {
    return (
      <AccountTaskPage>
        <StepHeading icon={Unlink} colorPalette="red" title={t`Something went wrong`} takesFocus />
        <Text textAlign="center" color="fg.muted">{t`Please try again in a moment.`}</Text>
        <Button colorPalette="brand" alignSelf="center" onClick={() => window.location.reload()}>
          {t`Try again`}
        </Button>
      </AccountTaskPage>
    );
  }
  return (
    <AccountTaskPage>
      <Stack data-testid={`newsletter-${action}ed`} gap="5">
        {action === 'confirm' ? (
          <>
            <StepHeading icon={MailCheck} colorPalette="green" title={t`You are subscribed`} takesFocus />
            <Text textAlign="center" color="fg.muted">
              {t`Thank you. Our news and offers will reach you by e-mail; every mail has a link to unsubscribe.`}
            </Text>
          </>
        ) : (
          <>
            <StepHeading icon={MailX} colorPalette="brand" title={t`You have been unsubscribed`} takesFocus />
            <Text textAlign="center" color="fg.muted">{t`We will not send you our newsletter any more.`}</Text>
          </>
        )}
        <Button asChild colorPalette="brand" alignSelf="center">
          <Link to="/">{t`Go to the home page`}</Link>
        </Button>
      </Stack>
    </AccountTaskPage>
  );
}
