import { Button, Circle, Container, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Check, Clock } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { sameStoreId } from '../../shared/store.ts';
import { clearCart, storeCartStore } from '../features/store-cart/store-cart-store.ts';
import { isCheckoutPending, markCheckoutPending } from '../features/store-cart/use-store-checkout.ts';
import { searchUuid } from '../lib/plain-checks.ts';
import { trpc } from '../lib/trpc.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

/**
 * Where a store checkout comes back to. The built-in store names its order (`?order=`): the page asks
 * whether it was paid, and only a paid order's items leave the cart. An outside store's return has no
 * order to ask about; its provider sends the browser here only once paid.
 */
export const Route = createFileRoute('/success')({
  validateSearch: (search): { order?: string } => ({ order: searchUuid(search.order) }),
  component: SuccessPage,
});

function SuccessPage() {
  const { order } = Route.useSearch();
  return (
    <Container maxW="2xl" py={{ base: '14', md: '20' }}>
      {order ? <OrderOutcome orderId={order} /> : <OutsideStorePaid />}
    </Container>
  );
}

function OrderOutcome({ orderId }: { orderId: string }) {
  const { t } = useLingui();
  const query = useQuery(trpc.store.hostedCheckout.get.queryOptions({ orderId }));
  const status = query.data?.status;
  const items = query.data?.items;

  useEffect(() => {
    if (status !== 'paid' || !items || !isCheckoutPending()) return;
    // The paid order's variants leave the cart; anything added beside them stays.
    storeCartStore.set((cart) => cart.filter((line) => !items.some((item) => sameStoreId(line.variant.id, item.variant_id))));
    markCheckoutPending(false);
  }, [status, items]);

  if (query.isPending) {
    return (
      <Stack align="center" gap="4" role="status" data-testid="order-checking">
        <Spinner size="lg" color="brand.solid" />
        <Text color="fg.muted">{t`Checking your payment…`}</Text>
      </Stack>
    );
  }
  if (status === 'paid') return <Paid />;
  if (status === 'pending') {
    return (
      <Outcome
        title={t`Your payment is not complete`}
        text={t`Nothing has been charged for this order yet, and your cart still holds its items.`}
      >
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/store/checkout/$orderId" params={{ orderId }}>{t`Back to payment`}</Link>
        </Button>
      </Outcome>
    );
  }
  return (
    <Outcome
      title={query.isError ? t`We could not find this order` : t`This order was not paid`}
      text={t`Nothing has been charged, and your cart still holds what you chose. You can check out again from the store.`}
    >
      <Button asChild colorPalette="brand" size="lg">
        <Link to="/store">{t`Back to the store`}</Link>
      </Button>
    </Outcome>
  );
}

/** An outside store's provider returns here once paid: the cart the browser sent there is emptied. */
function OutsideStorePaid() {
  useEffect(() => {
    if (!isCheckoutPending()) return;
    clearCart();
    markCheckoutPending(false);
  }, []);
  return <Paid />;
}

function Paid() {
  const { t } = useLingui();
  usePageMeta({ title: t`Payment Successful!` });
  return (
    <Stack align="center" gap="5" textAlign="center">
      <Circle size="20" bg="green.subtle" color="green.fg">
        <Check size={44} aria-hidden />
      </Circle>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {t`Payment Successful!`}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {t`Thank you for your purchase. Your order is being processed and you will receive a confirmation email shortly.`}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }} pt="2">
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/store">{t`Continue Shopping`}</Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/dashboard">{t`Go to Dashboard`}</Link>
        </Button>
      </Stack>
    </Stack>
  );
}

function Outcome({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  usePageMeta({ title });
  return (
    <Stack align="center" gap="5" textAlign="center" data-testid="order-not-paid">
      <Circle size="20" bg="orange.subtle" color="orange.fg">
        <Clock size={44} aria-hidden />
      </Circle>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      <Text fontSize="lg" color="fg.muted">
        {text}
      </Text>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }} pt="2">
        {children}
      </Stack>
    </Stack>
  );
}
