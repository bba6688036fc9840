import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useCartPanels } from '../components/cart-panels-context.tsx';
import { notify } from '../components/ui/toaster.tsx';
import { CollectionFilter } from '../features/store/collection-filter.tsx';
import { ProductGrid } from '../features/store/product-grid.tsx';
import { productsInput } from '../features/store/products-input.ts';
import { cartLineFrom } from '../features/store-cart/store-cart-store.ts';
import { useAddToStoreCart } from '../features/store-cart/use-add-to-store-cart.ts';
import { markCheckoutPending } from '../features/store-cart/use-store-checkout.ts';
import { searchChoice, searchText } from '../lib/plain-checks.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/store/')({
  // The payment page comes back here with ?checkout=cancelled when the buyer leaves it.
  // ?collection=slug shows one collection's products (store.collections, docs/decisions/0038).
  validateSearch: (search): { checkout?: 'cancelled'; collection?: string } => ({
    checkout: searchChoice(search.checkout, ['cancelled'] as const),
    collection: collectionSlug(search.collection),
  }),
  loaderDeps: ({ search }) => ({ collection: search.collection }),
  // Warms the cache without holding the page: the grid shows its own spinner (spec §4).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(context.trpc.store.products.queryOptions(productsInput(deps.collection)));
    void context.queryClient.prefetchQuery(context.trpc.store.collections.queryOptions());
  },
  component: StorePage,
});

function collectionSlug(value: unknown): string | undefined {
  const text = searchText(value, 80);
  return text && /^[a-z0-9-]+$/.test(text) ? text : undefined;
}

function StorePage() {
  const { t } = useLingui();
  const addToCart = useAddToStoreCart();
  const { checkout, collection } = Route.useSearch();
  const navigate = useNavigate();
  const panels = useCartPanels();
  usePageMeta({
    title: t`Our Store`,
    description: t`Home test kits and Tahaleel merchandise, delivered to every city in the Kingdom.`,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per return from the payment page; the search param is gone after this
  useEffect(() => {
    if (checkout !== 'cancelled') return;
    markCheckoutPending(false);
    notify.info({ title: t`Payment cancelled`, description: t`Your items are still in your cart.` });
    panels.openStoreCart();
    void navigate({ to: '/store', search: collection ? { collection } : {}, replace: true });
  }, [checkout]);

  return (
    <>
      <Box bgGradient="to-b" gradientFrom="brand.subtle" gradientTo="bg" py={{ base: '10', md: '14' }}>
        <Container maxW="7xl">
          <Stack gap="3" textAlign="center" align="center">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
              {t`Our Store`}
            </Heading>
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              {t`Home test kits and Tahaleel merchandise, delivered to every city in the Kingdom.`}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py={{ base: '8', md: '12' }}>
        <Stack gap="8">
          <CollectionFilter active={collection} />
          <ProductGrid collection={collection} onAddToCart={(product, variant) => addToCart(cartLineFrom(product, variant), 1, 'grid')} />
        </Stack>
      </Container>
    </>
  );
}
