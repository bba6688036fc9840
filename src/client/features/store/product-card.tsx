import { Badge, Box, Button, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { ShoppingCart } from 'lucide-react';
import { drawnWhenNear } from '../../components/drawn-when-near.ts';
import { StoreImage } from '../../components/store/store-image.tsx';
import { StorePrice } from '../../components/store/store-price.tsx';
import { isolateLatinRuns } from '../../lib/bidi.ts';
import { availability, canAddToCart, cardVariant, type StoreProduct, type StoreVariant } from './store-types.ts';

const STAGGER_SECONDS = 0.05;
/**
 * The grid's first row at its widest (four columns) may be on the first screen, so it is not lazily
 * loaded. Only its first picture is on the first screen at every width: on a phone (one column) the
 * others are a screen or more below it, and fetching them first would hold back the page's fonts.
 */
const FIRST_ROW = 4;

export function ProductCard({
  product,
  index,
  onAddToCart,
}: {
  product: StoreProduct;
  index: number;
  onAddToCart: (product: StoreProduct, variant: StoreVariant) => void;
}) {
  const { t } = useLingui();
  const variant = cardVariant(product);
  const state = availability(product, variant, 1);
  return (
    <LinkBox
      as="article"
      display="flex"
      flexDirection="column"
      height="full"
      rounded="xl"
      borderWidth="1px"
      bg="bg.panel"
      overflow="hidden"
      transition="border-color 0.15s, box-shadow 0.15s"
      _hover={{ borderColor: 'brand.solid', shadow: 'lg' }}
      animationName="fade-in, slide-from-bottom"
      animationDuration="0.4s"
      animationTimingFunction="ease-out"
      animationFillMode="both"
      _motionReduce={{ animation: 'none' }}
      style={{ animationDelay: `${index * STAGGER_SECONDS}s` }}
      {...drawnWhenNear(`product-card:${product.id}`, { base: '550px', md: '455px' })}
      data-testid="product-card"
    >
      <Box position="relative">
        <StoreImage src={product.image} alt={product.title} aspectRatio="1" priority={index === 0} eager={index < FIRST_ROW} />
        {product.ribbon_text && (
          <Badge position="absolute" top="3" insetStart="3" colorPalette="accent" variant="solid" size="md" zIndex="1">
            {product.ribbon_text}
          </Badge>
        )}
      </Box>
      <Stack p="4" gap="2" flex="1">
        {variant && <StorePrice price={variant.price_formatted} salePrice={variant.sale_price_formatted} size="lg" />}
        <Heading as="h2" size="md" lineClamp={2}>
          <LinkOverlay asChild>
            <Link to="/product/$id" params={{ id: String(product.id) }}>
              {isolateLatinRuns(product.title)}
            </Link>
          </LinkOverlay>
        </Heading>
        <Text color="fg.muted" fontSize="sm" lineClamp={2}>
          {product.subtitle ?? t`Check it out`}
        </Text>
        <Button
          mt="auto"
          colorPalette="brand"
          position="relative"
          zIndex="1"
          disabled={!canAddToCart(state)}
          onClick={() => variant && onAddToCart(product, variant)}
        >
          <ShoppingCart aria-hidden />
          {state === 'unavailable' ? t`Currently unavailable` : state === 'sold-out' ? t`Out of stock` : t`Add to Cart`}
        </Button>
      </Stack>
    </LinkBox>
  );
}
