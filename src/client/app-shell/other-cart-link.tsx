import { Button, HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ArrowLeftRight } from 'lucide-react';
import { useCartPanels } from '../components/cart-panels-context.tsx';
import { useCartCounts } from './cart-counts.ts';

/** Inside one cart: the other cart holds items too, and a way there. Nothing when it is empty. */
export function OtherCartLink({ from }: { from: 'lab' | 'store' }) {
  const { t } = useLingui();
  const counts = useCartCounts();
  const panels = useCartPanels();
  const other = from === 'lab' ? counts.store : counts.lab;
  if (other === 0) return null;
  return (
    <HStack
      justify="space-between"
      gap="3"
      wrap="wrap"
      borderWidth="1px"
      rounded="md"
      px="3"
      py="2"
      bg="bg.muted"
      fontSize="sm"
      data-testid="other-cart"
    >
      <Text>
        {from === 'lab'
          ? t`Your store cart also has ${plural(other, { one: '# item', other: '# items' })}.`
          : t`Your test cart also has ${plural(other, { one: '# test', other: '# tests' })}.`}
      </Text>
      <Button size="xs" variant="outline" onClick={() => (from === 'lab' ? panels.openStoreCart() : panels.openLabCart())}>
        <ArrowLeftRight aria-hidden />
        {from === 'lab' ? t`View store cart` : t`View test cart`}
      </Button>
    </HStack>
  );
}
