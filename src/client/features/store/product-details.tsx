import { Badge, Box, Button, Grid, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { StoreHtml } from '../../components/store/store-html.tsx';
import { StorePrice } from '../../components/store/store-price.tsx';
import { QuantityStepper } from '../../components/ui/quantity-stepper.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { ProductGallery } from './product-gallery.tsx';
import { StockMessage } from './stock-message.tsx';
import { availability, canAddToCart, cardVariant, type StoreProduct, type StoreVariant } from './store-types.ts';
import { StyleSelector } from './style-selector.tsx';

export function ProductDetails({
  product,
  onAddToCart,
}: {
  product: StoreProduct;
  onAddToCart: (product: StoreProduct, variant: StoreVariant, quantity: number) => void;
}) {
  const { t } = useLingui();
  const [variantId, setVariantId] = useState(() => String(cardVariant(product)?.id ?? ''));
  const [quantity, setQuantity] = useState(1);
  const variant = product.variants.find((candidate) => String(candidate.id) === variantId) ?? cardVariant(product);
  const state = availability(product, variant, quantity);

  return (
    <Stack gap="10">
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: '6', md: '10' }} alignItems="start">
        <ProductGallery images={product.images} title={product.title} focusUrl={variant?.image_url ?? null} />
        <Stack gap="5">
          <Stack gap="2">
            {product.ribbon_text && (
              <Badge colorPalette="accent" variant="solid" width="fit-content" size="md">
                {product.ribbon_text}
              </Badge>
            )}
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} lineHeight="1.3">
              {isolateLatinRuns(product.title)}
            </Heading>
            {product.subtitle && (
              <Text color="fg.muted" fontSize="lg">
                {isolateLatinRuns(product.subtitle)}
              </Text>
            )}
          </Stack>
          {variant && <StorePrice price={variant.price_formatted} salePrice={variant.sale_price_formatted} size="2xl" />}
          {product.variants.length > 1 && variant && (
            <StyleSelector
              variants={product.variants}
              value={String(variant.id)}
              onChange={(id) => {
                setVariantId(id);
                setQuantity(1);
              }}
            />
          )}
          <Stack gap="2">
            <Text fontWeight="semibold">{t`Quantity`}</Text>
            <HStack gap="3" wrap="wrap">
              <QuantityStepper
                value={quantity}
                onChange={setQuantity}
                max={variant?.manage_inventory ? Math.max(1, variant.inventory_quantity) : undefined}
                label={t`Quantity`}
              />
              <Button
                colorPalette="brand"
                size="lg"
                flex={{ base: '1', sm: '0 0 auto' }}
                disabled={!canAddToCart(state)}
                onClick={() => variant && onAddToCart(product, variant, quantity)}
              >
                <ShoppingCart aria-hidden />
                {t`Add to Cart`}
              </Button>
            </HStack>
          </Stack>
          <StockMessage state={state} stock={variant?.inventory_quantity ?? 0} />
          {product.description && (
            <>
              <Separator />
              <StoreHtml html={product.description} />
            </>
          )}
        </Stack>
      </Grid>
      {product.additional_info.length > 0 && (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(auto-fit, minmax(16rem, 1fr))' }} gap="6">
          {product.additional_info.map((info) => (
            <Box as="section" key={String(info.id)} borderWidth="1px" rounded="xl" p="5" bg="bg.panel">
              <Heading as="h2" size="md" mb="3">
                {isolateLatinRuns(info.title)}
              </Heading>
              <StoreHtml html={info.description} />
            </Box>
          ))}
        </Grid>
      )}
    </Stack>
  );
}
