import { HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { trpc } from '../../lib/trpc.ts';
import { PromoCodeField } from '../payments/promo-code-field.tsx';

type HostedOrder = RouterOutputs['store']['hostedCheckout']['get'];

/**
 * A store order's promo code on its payment page (ADR 0092): the field while the buyer may still change it,
 * and the subtotal and the discount as lines of the summary once one is applied. The server reprices the
 * order (store.hostedCheckout.applyPromo), so the page asks for it again.
 */
export function OrderPromo({ order, onChanged }: { order: HostedOrder; onChanged: () => void }) {
  const { t } = useLingui();
  const apply = useMutation(trpc.store.hostedCheckout.applyPromo.mutationOptions({ onSuccess: onChanged }));
  const remove = useMutation(trpc.store.hostedCheckout.removePromo.mutationOptions({ onSuccess: onChanged }));
  const code = order.promo?.code;
  const editable = order.promo_allowed && order.placed_here;
  if (!order.promo && !editable) return null;
  return (
    <Stack gap="3">
      {order.promo && (
        <>
          <HStack justify="space-between">
            <Text>{t`Subtotal`}</Text>
            <Text dir="auto">{order.subtotal_formatted}</Text>
          </HStack>
          <HStack justify="space-between" color="fg.success">
            <Text>
              {t`Promo code`} <bdi dir="ltr">{code}</bdi>
            </Text>
            <Text dir="auto" data-testid="hosted-checkout-promo">
              −{order.promo.discount_formatted}
            </Text>
          </HStack>
        </>
      )}
      {editable && (
        <PromoCodeField
          quote={(typed) => apply.mutateAsync({ orderId: order.id, code: typed })}
          applied={order.promo}
          onApplied={(applied) => {
            if (!applied) remove.mutate({ orderId: order.id });
          }}
          disabled={remove.isPending}
        />
      )}
    </Stack>
  );
}
