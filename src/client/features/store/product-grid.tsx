import { Center, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { PackageOpen, TriangleAlert } from 'lucide-react';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { ProductCard } from './product-card.tsx';
import { productsInput } from './products-input.ts';
import { StaleStoreNotice } from './stale-store-notice.tsx';
import type { StoreProduct, StoreVariant } from './store-types.ts';

/** Spec §4 store grid: loading, error, empty, list; 1/2/3/4 columns from phone to desktop. */
export function ProductGrid({
  collection,
  onAddToCart,
}: {
  collection?: string | undefined;
  onAddToCart: (product: StoreProduct, variant: StoreVariant) => void;
}) {
  const { t, i18n } = useLingui();
  const products = useQuery(trpc.store.products.queryOptions(productsInput(collection)));

  if (products.isPending) {
    return (
      <Center py="24">
        <Stack align="center" gap="3" role="status">
          <Spinner size="xl" color="brand.solid" borderWidth="3px" />
          <Text color="fg.muted">{t`Loading products…`}</Text>
        </Stack>
      </Center>
    );
  }
  if (products.isError) {
    return (
      <Stack align="center" py="16" gap="3" textAlign="center" role="alert">
        <TriangleAlert size={40} aria-hidden />
        <Text fontWeight="semibold" fontSize="lg">
          {t`Error loading products`}
        </Text>
        <Text color="fg.muted">{errorMessage(i18n, products.error) || t`Failed to load products`}</Text>
      </Stack>
    );
  }
  if (products.data.products.length === 0) {
    return (
      <Stack align="center" py="16" gap="3" color="fg.muted">
        <PackageOpen size={40} aria-hidden />
        <Text fontSize="lg">{collection ? t`No products in this collection at the moment.` : t`No products available at the moment.`}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      {products.data.stale && <StaleStoreNotice />}
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, md: 3, lg: 4 }} gap="6">
        {products.data.products.map((product, index) => (
          <li key={String(product.id)}>
            <ProductCard product={product} index={index} onAddToCart={onAddToCart} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
