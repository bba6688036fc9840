import { Badge, Button, Card, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Copy, Gift, Share2, Wallet } from 'lucide-react';
import { Price } from '../../components/price.tsx';
import { EmptyState, ErrorState } from '../../components/query-state.tsx';
import { SectionTitle } from '../../components/stat-card.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import { type RouterOutputs, trpc } from '../../lib/trpc.ts';

type Movement = RouterOutputs['wallet']['mine']['movements'][number];

/** Why money moved, as the ledger names it (ADR 0093); an unknown reason reads as a movement. */
const reasons: Record<string, MessageDescriptor> = {
  referral_referrer: msg`Invitation reward: a friend you invited completed their first paid test`,
  referral_referred: msg`Welcome reward: you joined through a friend's invitation`,
  goodwill: msg`From Tahaleel's customer care`,
  checkout: msg`Paid toward a booking or an order`,
  expired: msg`Expired unused`,
  refund: msg`Returned from a cancelled booking or order`,
  guarantee_late_results: msg`Service guarantee: your results came later than the lab promised`,
  guarantee_late_collector: msg`Service guarantee: the sample collector set out more than 30 minutes late`,
};
const movementFallback = msg`Wallet movement`;

/**
 * The customer's wallet (issue #79 item 5): the balance to spend at checkout, the credit that expires
 * next, their invitation (code and link), and every movement with why, when, and until when.
 */
export function MyWallet() {
  const { t } = useLingui();
  const wallet = useQuery(trpc.wallet.mine.queryOptions());
  return (
    <Stack gap="6">
      <SectionTitle
        title={t`Wallet`}
        description={t`Your credit pays all or part of a booking or an order at checkout, before your card.`}
      />
      {wallet.isError ? (
        <ErrorState title={t`Could not load your wallet`} error={wallet.error} onRetry={() => void wallet.refetch()} />
      ) : (
        <Balance wallet={wallet.data} />
      )}
      <Invitation />
      <Stack gap="3">
        <Heading as="h3" size="md">
          {t`Movements`}
        </Heading>
        {wallet.isPending ? (
          <Skeleton height="20" rounded="lg" />
        ) : wallet.isError ? null : wallet.data.movements.length === 0 ? (
          <EmptyState>{t`No movements yet. Credit you receive, spend or get back appears here.`}</EmptyState>
        ) : (
          <Stack as="ul" listStyleType="none" gap="2" data-testid="wallet-movements">
            {wallet.data.movements.map((movement) => (
              <MovementRow key={movement.id} movement={movement} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

function Balance({ wallet }: { wallet: RouterOutputs['wallet']['mine'] | undefined }) {
  const { t } = useLingui();
  const locale = activeLocale();
  const next = wallet?.nextExpiry;
  return (
    <Card.Root variant="subtle" bg="brand.subtle" data-testid="wallet-balance">
      <Card.Body>
        <HStack gap="4" align="start">
          <Wallet size={28} aria-hidden color="var(--chakra-colors-brand-fg)" style={{ flexShrink: 0 }} />
          <Stack gap="1">
            <Text color="fg.muted" fontSize="sm">
              {t`Balance`}
            </Text>
            {wallet ? <Price value={wallet.balance} fontSize="3xl" lineHeight="short" /> : <Skeleton height="9" width="32" />}
            {next && (
              <Text fontSize="sm" color="fg.muted">
                {t`Of which`} <Price value={next.amount} fontWeight="semibold" />{' '}
                {t`expires on ${formatDate(new Date(next.expires_at), locale)}`}
              </Text>
            )}
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function MovementRow({ movement }: { movement: Movement }) {
  const { t, i18n } = useLingui();
  const locale = activeLocale();
  const incoming = movement.amount > 0;
  const reason = i18n._(reasons[movement.reason] ?? movementFallback);
  return (
    <Card.Root as="li" variant="outline" size="sm" data-testid="wallet-movement" data-kind={movement.kind}>
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3">
          <Stack gap="0.5" minWidth="0">
            <Text fontWeight="medium">{reason}</Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(new Date(movement.created_at), locale)}
              {movement.expires_at && incoming ? ` · ${t`valid until ${formatDate(new Date(movement.expires_at), locale)}`}` : ''}
            </Text>
          </Stack>
          <Stack gap="1" align="end" flexShrink={0}>
            <Text as="bdi" fontWeight="bold" whiteSpace="nowrap" color={incoming ? 'green.fg' : 'fg'}>
              {incoming ? '+' : '−'}
              <Price value={Math.abs(movement.amount)} as="span" />
            </Text>
            <KindBadge kind={movement.kind} />
          </Stack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function KindBadge({ kind }: { kind: Movement['kind'] }) {
  const { t } = useLingui();
  const [label, palette] =
    kind === 'credit'
      ? [t`Credit`, 'green']
      : kind === 'refund'
        ? [t`Refund`, 'blue']
        : kind === 'spend'
          ? [t`Spent`, 'gray']
          : [t`Expired`, 'orange'];
  return (
    <Badge colorPalette={palette} size="sm">
      {label}
    </Badge>
  );
}

/** The customer's code and link, to share: both receive credit once the friend's first paid test is done. */
function Invitation() {
  const { t } = useLingui();
  const locale = activeLocale();
  const referral = useQuery(trpc.wallet.referral.queryOptions());
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.success({ title: t`Copied.` });
    } catch {
      notify.error({ title: t`Could not copy. Select the text and copy it yourself.` });
    }
  };
  if (referral.isError)
    return <ErrorState title={t`Could not load your invitation`} error={referral.error} onRetry={() => void referral.refetch()} />;
  const data = referral.data;
  const share = data
    ? t`Book your lab tests on Tahaleel with my invitation code ${data.code} and get ${formatNumber(data.referredCredit, locale, 2)} SAR in your wallet after your first test: ${data.link}`
    : '';
  return (
    <Card.Root variant="outline" data-testid="wallet-invitation">
      <Card.Body>
        <Stack gap="4">
          <HStack gap="3" align="start">
            <Gift size={24} aria-hidden color="var(--chakra-colors-brand-fg)" style={{ flexShrink: 0 }} />
            <Stack gap="1">
              <Heading as="h3" size="md">
                {t`Invite friends, both of you get credit`}
              </Heading>
              {data ? (
                <Text color="fg.muted" fontSize="sm">
                  {t`When a friend signs up with your code and completes their first paid test, you receive`}{' '}
                  <Price value={data.referrerCredit} fontWeight="semibold" /> {t`and they receive`}{' '}
                  <Price value={data.referredCredit} fontWeight="semibold" />
                  {t`, valid for ${formatNumber(data.creditValidDays, locale)} days.`}
                </Text>
              ) : (
                <Skeleton height="4" width="64" />
              )}
            </Stack>
          </HStack>
          {data && (
            <Stack gap="3">
              <HStack gap="3" wrap="wrap">
                <Text fontSize="sm" color="fg.muted">
                  {t`Your code`}
                </Text>
                <Text
                  dir="ltr"
                  fontFamily="mono"
                  fontSize="xl"
                  fontWeight="bold"
                  letterSpacing="0.15em"
                  userSelect="all"
                  data-testid="referral-code"
                >
                  {data.code}
                </Text>
              </HStack>
              <Input
                readOnly
                value={data.link}
                dir="ltr"
                aria-label={t`Your invitation link`}
                onFocus={(event) => event.currentTarget.select()}
              />
              <HStack gap="2" wrap="wrap">
                <Button size="sm" colorPalette="brand" onClick={() => void copy(data.link)}>
                  <Copy aria-hidden />
                  {t`Copy link`}
                </Button>
                <Button asChild size="sm" variant="outline" colorPalette="green">
                  <a href={`https://wa.me/?text=${encodeURIComponent(share)}`} target="_blank" rel="noopener noreferrer">
                    <Share2 aria-hidden />
                    {t`Share on WhatsApp`}
                  </a>
                </Button>
              </HStack>
              {data.invited.rewarded + data.invited.pending > 0 && (
                <Text fontSize="sm" color="fg.muted" data-testid="referral-counts">
                  {t`Friends who joined: ${formatNumber(data.invited.pending + data.invited.rewarded, locale)} · rewarded: ${formatNumber(data.invited.rewarded, locale)}`}
                </Text>
              )}
              {data.ownReferral?.status === 'refused' && (
                <Text fontSize="sm" color="fg.muted">
                  {t`The invitation you joined with earns no credit: it was used on the inviter's own phone number, device or card.`}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
