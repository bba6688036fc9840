import { Button, Circle, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { clearCart } from '../features/store-cart/store-cart-store.ts';
import { isCheckoutPending, markCheckoutPending } from '../features/store-cart/use-store-checkout.ts';
import { usePageMeta } from '../lib/use-page-meta.ts';

export const Route = createFileRoute('/success')({
  component: SuccessPage,
});

function SuccessPage() {
  const { t } = useLingui();
  usePageMeta({ title: t`Payment Successful!` });

  // Back from paying: what was bought leaves the cart. A visit without a checkout keeps it.
  useEffect(() => {
    if (!isCheckoutPending()) return;
    clearCart();
    markCheckoutPending(false);
  }, []);

  return (
    <Container maxW="2xl" py={{ base: '14', md: '20' }}>
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
    </Container>
  );
}
