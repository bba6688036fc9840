import { Container } from '@chakra-ui/react';
import { createFileRoute } from '@tanstack/react-router';
import { HostedCheckout } from '../features/store-checkout/hosted-checkout.tsx';

/** The built-in store's payment page: its checkout sends the browser here (STORE_API_URL unset). */
export const Route = createFileRoute('/store/checkout/$orderId')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.store.hostedCheckout.get.queryOptions({ orderId: params.orderId }));
  },
  component: HostedCheckoutPage,
});

function HostedCheckoutPage() {
  const { orderId } = Route.useParams();
  return (
    <Container maxW="5xl" py={{ base: '6', md: '10' }}>
      <HostedCheckout orderId={orderId} />
    </Container>
  );
}
