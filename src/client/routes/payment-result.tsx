import { Button, Circle, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Check, CircleAlert, Undo2 } from 'lucide-react';
import { useEffect } from 'react';
import { PAYMENT_FAILURE_REASONS, type PaymentFailureReason } from '../../shared/payment-failures.ts';
import { SAID_REFUND_REASONS, type SaidRefundReason } from '../../shared/payment-refunds.ts';
import { forgetCheckoutKey } from '../features/booking/lab-cart/checkout-key.ts';
import { labCartStore } from '../features/booking/lab-cart/lab-cart-store.ts';
import { paymentFailureSentences } from '../features/payments/payment-failure.ts';
import { searchChoice } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

const outcomes = ['paid', 'failed', 'refunded', 'pending', 'unknown'] as const;
type Outcome = (typeof outcomes)[number];

/**
 * Where a card payment's return lands (after /payments/moyasar/callback has asked the gateway): the
 * booking is confirmed, the card was declined (try again: the times stay held a few minutes), or the
 * payment booked nothing and has been refunded: its time was taken meanwhile, the wallet no longer held
 * its part (`refund=wallet_changed`), or the checkout was changed after it was made (`refund=amount_changed`,
 * ADR 0095). The outcome is the server's, and so are the reasons, said here in the reader's language.
 */
export const Route = createFileRoute('/payment-result')({
  validateSearch: (search): { outcome?: Outcome; reason?: PaymentFailureReason; refund?: SaidRefundReason } => ({
    outcome: searchChoice(search.outcome, outcomes),
    reason: searchChoice(search.reason, PAYMENT_FAILURE_REASONS),
    refund: searchChoice(search.refund, SAID_REFUND_REASONS),
  }),
  component: PaymentResultPage,
});

function PaymentResultPage() {
  const { t, i18n } = useLingui();
  const { outcome = 'unknown', reason, refund } = Route.useSearch();
  const queryClient = useQueryClient();
  const paid = outcome === 'paid';
  usePageMeta({ title: paid ? t`Your booking is confirmed!` : t`Payment` });

  // Paid: the cart was bought, and the next checkout is a new one.
  useEffect(() => {
    if (!paid) return;
    forgetCheckoutKey();
    labCartStore.set([]);
    void queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.waitlist.mine.queryKey() });
  }, [paid, queryClient]);

  const view = {
    paid: {
      icon: Check,
      palette: 'green',
      title: t`Your booking is confirmed!`,
      text: t`Your payment went through. You will find your booking in your dashboard, and a confirmation by email.`,
    },
    failed: {
      icon: CircleAlert,
      palette: 'red',
      title: t`The payment did not go through`,
      text: t`You have not been charged. Your times stay reserved for a few minutes: check your payment details or pay another way and try again.`,
    },
    refunded:
      refund === 'amount_changed'
        ? {
            icon: Undo2,
            palette: 'orange',
            title: t`This payment no longer matched your checkout`,
            text: t`Your promo code or the part your wallet pays was changed after this payment was made, so we have refunded it in full and sent you an email. Your tests stay in your cart: pay the new amount to book them.`,
          }
        : refund === 'wallet_changed'
          ? {
              icon: Undo2,
              palette: 'orange',
              title: t`Your wallet balance changed while you paid`,
              text: t`It was used for another booking or expired, so it no longer covered its part. Nothing was booked or taken from your wallet, and we have refunded the card payment in full. Your tests stay in your cart: you can pay again.`,
            }
          : {
              icon: Undo2,
              palette: 'orange',
              title: t`Your time was taken while you paid`,
              text: t`The reservation ran out before the payment arrived and someone else booked the time. We have refunded the full amount to the card or wallet you paid with; please choose another time.`,
            },
    pending: {
      icon: CircleAlert,
      palette: 'orange',
      title: t`Your payment is still being processed`,
      text: t`We have not heard the final answer from your bank yet. Check your bookings in a moment; you are never charged for a booking that was not made.`,
    },
    unknown: {
      icon: CircleAlert,
      palette: 'orange',
      title: t`We could not confirm this payment`,
      text: t`Nothing was booked with it. If you were charged, contact us and we will put it right.`,
    },
  }[outcome];
  const Icon = view.icon;

  return (
    <Container maxW="2xl" py={{ base: '14', md: '20' }}>
      <Stack align="center" gap="5" textAlign="center" data-testid="payment-result" data-outcome={outcome}>
        <Circle size="20" bg={`${view.palette}.subtle`} color={`${view.palette}.fg`}>
          <Icon size={44} aria-hidden />
        </Circle>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {view.title}
        </Heading>
        {outcome === 'failed' && (
          <Text fontSize="lg" fontWeight="medium" data-testid="payment-failure-reason">
            {i18n._(paymentFailureSentences[reason ?? 'unknown'])}
          </Text>
        )}
        <Text fontSize="lg" color="fg.muted">
          {view.text}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }} pt="2">
          {outcome === 'failed' ? (
            <Button asChild colorPalette="brand" size="lg">
              <Link to="/checkout">{t`Try again`}</Link>
            </Button>
          ) : outcome === 'refunded' ? (
            <Button asChild colorPalette="brand" size="lg">
              {refund ? <Link to="/checkout">{t`Back to checkout`}</Link> : <Link to="/categories">{t`Find a test`}</Link>}
            </Button>
          ) : null}
          <Button asChild variant={outcome === 'failed' || outcome === 'refunded' ? 'outline' : 'solid'} colorPalette="brand" size="lg">
            <Link to="/dashboard">{t`Go to Dashboard`}</Link>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
