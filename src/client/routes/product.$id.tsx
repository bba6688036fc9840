import { Button, Center, Container, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { ArrowLeft, TriangleAlert } from 'lucide-react';
import { DirectionalIcon } from '../components/ui/directional-icon.tsx';
import { ProductDetails } from '../features/store/product-details.tsx';
import { StaleStoreNotice } from '../features/store/stale-store-notice.tsx';
import { cartLineFrom } from '../features/store-cart/store-cart-store.ts';
import { useAddToStoreCart } from '../features/store-cart/use-add-to-store-cart.ts';
import { errorMessage } from '../lib/errors.ts';
import { trpc } from '../lib/trpc.ts';
import { metaDescriptionFrom, usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/product/$id')({
  // Warms the cache without holding the page: the page shows its own spinner and error (spec §4).
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(context.trpc.store.product.queryOptions({ id: params.id }));
  },
  component: ProductPage,
});

function ProductPage() {
  const { t, i18n } = useLingui();
  const { id } = Route.useParams();
  const product = useQuery(trpc.store.product.queryOptions({ id }));
  const addToCart = useAddToStoreCart();
  const failure = product.isError ? errorMessage(i18n, product.error) || t`Failed to load product` : '';
  const title = product.data?.title;
  usePageMeta(
    product.data
      ? { title: t`${title} - Our Store`, description: metaDescriptionFrom(product.data.description, product.data.title), standalone: true }
      : { title: t`Our Store` },
  );

  return (
    <Container maxW="6xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Button asChild variant="ghost" size="sm" width="fit-content" ps="1" color="fg">
          <Link to="/store">
            <DirectionalIcon asChild aria-hidden>
              <ArrowLeft />
            </DirectionalIcon>
            {t`Back to Store`}
          </Link>
        </Button>
        {product.isPending ? (
          <Center py="24">
            <Stack align="center" gap="3" role="status">
              <Spinner size="xl" color="brand.solid" borderWidth="3px" />
              <Text color="fg.muted">{t`Loading product…`}</Text>
            </Stack>
          </Center>
        ) : product.isError ? (
          <Stack align="center" py="16" gap="4" textAlign="center" role="alert">
            <TriangleAlert size={40} aria-hidden />
            <Text as="h1" fontWeight="semibold" fontSize="xl">
              {t`Error loading product: ${failure}`}
            </Text>
            <Button asChild variant="outline" colorPalette="brand">
              <Link to="/">{t`Go back`}</Link>
            </Button>
          </Stack>
        ) : (
          <>
            {product.data.stale && <StaleStoreNotice />}
            <ProductDetails
              product={product.data}
              onAddToCart={(item, variant, quantity) => addToCart(cartLineFrom(item, variant), quantity, 'product')}
            />
          </>
        )}
      </Stack>
    </Container>
  );
}
