import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { PAYMENT_FAILURE_REASONS, type PaymentFailureReason } from '../../shared/payment-failures.ts';
import { SAID_REFUND_REASONS, type SaidRefundReason } from '../../shared/payment-refunds.ts';
import { type GatewayOutcome, HostedCheckout } from '../features/store-checkout/hosted-checkout.tsx';
import { searchChoice } from '../lib/plain-checks.ts';

const outcomes = ['failed', 'refunded', 'pending', 'unknown'] as const satisfies readonly GatewayOutcome[];

/** The built-in store's payment page: its checkout sends the browser here (STORE_API_URL unset). */
export const Route = createFileRoute('/store/checkout/$orderId')({
  // After a card payment at the gateway (ADR 0039) the callback returns here with what became of it.
  validateSearch: (search): { payment?: GatewayOutcome; reason?: PaymentFailureReason; refund?: SaidRefundReason } => ({
    payment: searchChoice(search.payment, outcomes),
    reason: searchChoice(search.reason, PAYMENT_FAILURE_REASONS),
    // A payment refunded because the wallet no longer held its part (ADR 0093), or the wallet's part changed after it was made (ADR 0095).
    refund: searchChoice(search.refund, SAID_REFUND_REASONS),
  }),
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.store.hostedCheckout.get.queryOptions({ orderId: params.orderId }));
  },
  component: HostedCheckoutPage,
});

function HostedCheckoutPage() {
  const { orderId } = Route.useParams();
  const { payment, reason, refund } = Route.useSearch();
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <HostedCheckout orderId={orderId} gatewayOutcome={payment ? { outcome: payment, reason, refundedBecause: refund } : undefined} />
    </Container>
  );
}
