import { Alert, Badge, Box, Button, Center, Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Clock, Lock, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PaymentFailureReason } from '../../../shared/payment-failures.ts';
import type { SaidRefundReason } from '../../../shared/payment-refunds.ts';
import { formatPhone } from '../../../shared/phone.ts';
import { formatShippingAddress } from '../../../shared/store.ts';
import { StoreImage } from '../../components/store/store-image.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { errorMessage } from '../../lib/errors.ts';
import { formatNumber } from '../../lib/format.ts';
import { activeLocale } from '../../lib/locale.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { paymentFailureSentences } from '../payments/payment-failure.ts';
import { WalletPaySwitch } from '../payments/wallet-pay-switch.tsx';
import { GatewayPaymentForm } from './gateway-payment-form.tsx';
import { OrderPromo } from './order-promo.tsx';
import { PaymentForm } from './payment-form.tsx';
import { useReleaseOnLeave } from './release-on-leave.ts';
import { WalletLines, WalletPaymentForm } from './wallet-choice.tsx';

type HostedOrder = RouterOutputs['store']['hostedCheckout']['get'];

/** mm:ss of what is left of the reservation, counted down here from the server's figure. */
function useCountdown(secondsLeft: number, onElapsed: () => void) {
  const [left, setLeft] = useState(secondsLeft);
  useEffect(() => setLeft(secondsLeft), [secondsLeft]);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => {
      setLeft(left - 1);
      if (left - 1 <= 0) onElapsed();
    }, 1000);
    return () => clearTimeout(timer);
  }, [left, onElapsed]);
  const minutes = Math.floor(left / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return `${formatNumber(minutes, activeLocale())}:${seconds}`;
}

function OrderSummary({ order, onChanged, useWallet }: { order: HostedOrder; onChanged: () => void; useWallet: boolean }) {
  const { t } = useLingui();
  return (
    <Stack
      gap="4"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      bg="bg.panel"
      as="section"
      aria-labelledby="order-summary-heading"
    >
      <Heading as="h2" size="md" id="order-summary-heading">
        {t`Order summary`}
      </Heading>
      <Stack as="ul" listStyleType="none" gap="3">
        {order.items.map((item) => {
          const quantity = item.quantity;
          return (
            <HStack as="li" key={item.variant_id} gap="3" align="start" data-testid="hosted-checkout-item">
              <StoreImage src={item.image} alt="" boxSize="14" rounded="md" flexShrink={0} compact />
              <Stack gap="0" flex="1" minW="0">
                <Text fontWeight="semibold">{isolateLatinRuns(item.product_title)}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {isolateLatinRuns(item.variant_title)}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t`Quantity: ${quantity}`} · <span dir="auto">{item.unit_price_formatted}</span>
                </Text>
              </Stack>
              <Text fontWeight="semibold" dir="auto" whiteSpace="nowrap">
                {item.line_total_formatted}
              </Text>
            </HStack>
          );
        })}
      </Stack>
      <OrderPromo order={order} onChanged={onChanged} />
      <HStack justify="space-between" borderTopWidth="1px" pt="4" fontWeight="bold" fontSize="lg">
        <Text>{t`Total`}</Text>
        <Text dir="auto" data-testid="hosted-checkout-total">
          {order.total_formatted}
        </Text>
      </HStack>
      <WalletLines order={order} useWallet={useWallet} />
    </Stack>
  );
}

/** Where a paid order goes and whom the courier calls, as the buyer gave them. */
function DeliverySummary({ shipping }: { shipping: NonNullable<HostedOrder['shipping']> }) {
  const { t } = useLingui();
  const shortAddress = shipping.shortAddress;
  return (
    <Stack gap="2" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.panel" as="section" aria-labelledby="delivery-heading">
      <Heading as="h2" size="md" id="delivery-heading">
        {t`Delivery address`}
      </Heading>
      <Stack gap="1" data-testid="order-delivery-address">
        <Text fontWeight="semibold">
          <bdi>{shipping.fullName}</bdi>
        </Text>
        <Text>
          <bdi>{formatShippingAddress(shipping, activeLocale())}</bdi>
        </Text>
        {shortAddress && (
          <Text color="fg.muted">
            {t`Short address:`} <bdi>{shortAddress}</bdi>
          </Text>
        )}
        <Text color="fg.muted">
          <bdi dir="ltr">{formatPhone(shipping.phone)}</bdi> · <bdi>{shipping.email}</bdi>
        </Text>
      </Stack>
    </Stack>
  );
}

function ClosedCheckout({ order }: { order: HostedOrder }) {
  const { t } = useLingui();
  const goTo = useGoTo();
  if (order.status === 'paid') {
    return (
      <Stack gap="4">
        <Alert.Root status="success" rounded="xl">
          <Alert.Indicator />
          <Alert.Content gap="3">
            <Alert.Title>{t`This order has been paid.`}</Alert.Title>
            {/* Who buys and where it goes are answered to the buyer only (a signed-in account; a guest while paying). */}
            {!order.shipping && <Alert.Description>{t`The delivery details are in the order confirmation e-mail.`}</Alert.Description>}
            <Button colorPalette="brand" width="fit-content" onClick={() => goTo(order.success_url)}>
              {t`Continue`}
            </Button>
          </Alert.Content>
        </Alert.Root>
        {order.shipping && <DeliverySummary shipping={order.shipping} />}
      </Stack>
    );
  }
  return (
    <Alert.Root status="warning" rounded="xl" role="alert">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>
          {order.status === 'expired'
            ? t`Your reservation has expired. Please return to the store and check out again.`
            : t`This checkout was cancelled.`}
        </Alert.Title>
        <Button asChild colorPalette="brand" width="fit-content">
          <Link to="/store">{t`Back to Store`}</Link>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

/** What became of a card payment at the gateway, as the callback sent the buyer back here (ADR 0039). */
export type GatewayOutcome = 'failed' | 'refunded' | 'pending' | 'unknown';

function GatewayOutcomeNotice({
  outcome,
  reason,
  refundedBecause,
}: {
  outcome: GatewayOutcome;
  reason: PaymentFailureReason | undefined;
  refundedBecause: SaidRefundReason | undefined;
}) {
  const { t, i18n } = useLingui();
  const view = {
    failed: {
      status: 'error',
      title: t`The payment did not go through`,
      text: t`You have not been charged. Your items stay reserved until the timer runs out: check your payment details or pay another way and try again.`,
    },
    refunded:
      refundedBecause === 'amount_changed'
        ? {
            status: 'warning',
            title: t`This payment no longer matched your order`,
            text: t`The part your wallet pays was changed after this payment was made, so we have refunded it in full and sent you an email. Pay the amount shown below while your items are reserved.`,
          }
        : refundedBecause === 'wallet_changed'
          ? {
              status: 'warning',
              title: t`Your wallet balance changed while you paid`,
              text: t`It was used for another order or expired, so it no longer covered its part of this order. Nothing was taken from your wallet, we have refunded the card payment in full and sent you an email. You can pay again while your items are reserved.`,
            }
          : {
              status: 'warning',
              title: t`Your items sold out while you paid`,
              text: t`The reservation ran out before the payment arrived and the items were sold. We have refunded the full amount to the card or wallet you paid with and sent you an email.`,
            },
    pending: {
      status: 'info',
      title: t`Your payment is still being processed`,
      text: t`We have not heard the final answer from your bank yet. This page will show the order as paid once it arrives; you are never charged for an order that was not placed.`,
    },
    unknown: {
      status: 'warning',
      title: t`We could not confirm this payment`,
      text: t`Nothing was ordered with it. If you were charged, contact us and we will put it right.`,
    },
  }[outcome];
  return (
    <Alert.Root
      status={view.status as 'error' | 'warning' | 'info'}
      rounded="xl"
      role="alert"
      data-testid="store-payment-outcome"
      data-outcome={outcome}
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{view.title}</Alert.Title>
        {outcome === 'failed' && (
          <Alert.Description fontWeight="medium" data-testid="payment-failure-reason">
            {i18n._(paymentFailureSentences[reason ?? 'unknown'])}
          </Alert.Description>
        )}
        <Alert.Description>{view.text}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The link opened in another browser or account: the order can be paid or left only where it was placed. */
function PlacedElsewhere() {
  const { t } = useLingui();
  return (
    <Alert.Root status="info" rounded="xl" data-testid="order-placed-elsewhere">
      <Alert.Indicator />
      <Alert.Content gap="3">
        <Alert.Title>{t`This order can be paid or cancelled only from the account or browser it was placed in.`}</Alert.Title>
        <Button asChild variant="outline" colorPalette="brand" width="fit-content">
          <Link to="/store">{t`Back to Store`}</Link>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}

function OpenCheckout({
  order,
  onChanged,
  byGateway,
  useWallet,
  onWalletChange,
}: {
  order: HostedOrder;
  onChanged: () => void;
  byGateway: boolean;
  useWallet: boolean;
  onWalletChange: (on: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const goTo = useGoTo();
  const remaining = useCountdown(order.seconds_left, onChanged);
  useReleaseOnLeave(order.id);
  const cancel = useMutation(
    trpc.store.hostedCheckout.cancel.mutationOptions({
      onSuccess: ({ redirectUrl }) => goTo(redirectUrl),
    }),
  );
  return (
    <Stack gap="4">
      <HStack gap="2" color="fg.muted" role="timer" aria-live="off">
        <Clock size={18} aria-hidden />
        <Text>
          <Trans>
            Your items are reserved for{' '}
            <Text as="span" fontWeight="bold" color="fg" dir="ltr" data-testid="reservation-countdown">
              {remaining}
            </Text>
          </Trans>
        </Text>
      </HStack>
      {order.wallet && <WalletPaySwitch balance={order.wallet.balance_formatted} checked={useWallet} onChange={onWalletChange} />}
      {useWallet && order.wallet?.card_due_cents === 0 ? (
        <WalletPaymentForm orderId={order.id} prefill={order.shipping ?? order.prefill} onOrderChanged={onChanged} />
      ) : byGateway ? (
        // Back from a declined card: what the buyer typed before the gateway is on the order.
        <GatewayPaymentForm
          orderId={order.id}
          total={useWallet && order.wallet ? order.wallet.card_due_formatted : order.total_formatted}
          totalMinor={{
            amount: useWallet && order.wallet ? order.wallet.card_due_cents : order.total_cents,
            currency: order.currency_info?.code ?? 'SAR',
          }}
          prefill={order.shipping ?? order.prefill}
          onOrderChanged={onChanged}
          useWallet={useWallet}
        />
      ) : (
        <PaymentForm
          orderId={order.id}
          total={useWallet && order.wallet ? order.wallet.card_due_formatted : order.total_formatted}
          prefill={order.prefill}
          onOrderChanged={onChanged}
          useWallet={useWallet}
        />
      )}
      <Button variant="ghost" loading={cancel.isPending || cancel.isSuccess} onClick={() => cancel.mutate({ orderId: order.id })}>
        {t`Cancel and return to the store`}
      </Button>
      {cancel.isError && (
        <Text color="fg.error" role="alert">
          {errorMessage(i18n, cancel.error)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The built-in store's hosted payment page: order summary, the card form (the simulated one, or the
 * gateway's form model with Moyasar), leave or pay; after a card payment's return, what became of it.
 */
export function HostedCheckout({
  orderId,
  gatewayOutcome,
}: {
  orderId: string;
  gatewayOutcome?: { outcome: GatewayOutcome; reason?: PaymentFailureReason; refundedBecause?: SaidRefundReason };
}) {
  const { t, i18n } = useLingui();
  const order = useQuery({ ...trpc.store.hostedCheckout.get.queryOptions({ orderId }), staleTime: 0 });
  // The wallet's switch, off by default; without a balance to spend it is off.
  const [walletChosen, setWalletChosen] = useState(false);
  const useWallet = walletChosen && Boolean(order.data?.wallet);
  const method = useQuery(trpc.booking.paymentMethod.queryOptions());
  const byGateway = method.data?.provider === 'moyasar';
  usePageMeta({ title: t`Secure checkout`, noindex: true });

  return (
    <Stack gap="6">
      <Stack gap="2">
        <HStack gap="3" wrap="wrap">
          <Box color="brand.fg">
            <Lock aria-hidden />
          </Box>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t`Secure checkout`}
          </Heading>
          {method.data && !byGateway && (
            <Badge colorPalette="accent" variant="subtle">
              {t`Demo payment`}
            </Badge>
          )}
        </HStack>
        {method.data && (
          <HStack gap="2" color="fg.muted" fontSize="sm" align="start">
            {/* Kept at its size when the sentence wraps on a phone. */}
            <Box flexShrink={0} pt="0.5">
              <ShieldCheck size={16} aria-hidden />
            </Box>
            <Text>
              {byGateway
                ? t`Your card or wallet details go straight to our payment provider, Moyasar, and your bank or STC Pay may ask you to confirm the payment. We never see them.`
                : t`This is a simulated payment: no card is charged.`}
            </Text>
          </HStack>
        )}
      </Stack>
      {gatewayOutcome && (
        <GatewayOutcomeNotice
          outcome={gatewayOutcome.outcome}
          reason={gatewayOutcome.reason}
          refundedBecause={gatewayOutcome.refundedBecause}
        />
      )}
      {order.isPending || method.isPending ? (
        <Center py="20">
          <Stack align="center" gap="3" role="status">
            <Spinner size="xl" color="brand.solid" borderWidth="3px" />
            <Text color="fg.muted">{t`Loading your order…`}</Text>
          </Stack>
        </Center>
      ) : order.isError ? (
        <Stack align="center" py="12" gap="4" textAlign="center" role="alert">
          <TriangleAlert size={40} aria-hidden />
          <Text fontWeight="semibold" fontSize="lg">
            {t`We could not load this checkout.`}
          </Text>
          <Text color="fg.muted">{errorMessage(i18n, order.error)}</Text>
          <Button asChild variant="outline" colorPalette="brand">
            <Link to="/store">{t`Back to Store`}</Link>
          </Button>
        </Stack>
      ) : (
        <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
          <OrderSummary order={order.data} onChanged={() => void order.refetch()} useWallet={useWallet} />
          {order.data.status === 'pending' && !order.data.placed_here ? (
            <PlacedElsewhere />
          ) : order.data.status === 'pending' ? (
            <OpenCheckout
              order={order.data}
              onChanged={() => void order.refetch()}
              byGateway={byGateway}
              useWallet={useWallet}
              onWalletChange={setWalletChosen}
            />
          ) : (
            <ClosedCheckout order={order.data} />
          )}
        </Grid>
      )}
    </Stack>
  );
}
