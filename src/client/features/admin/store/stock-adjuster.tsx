import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NumericInput } from '../../../components/ui/numeric-input.tsx';
import { notify } from '../../../components/ui/toaster.tsx';
import { errorMessage } from '../../../lib/errors.ts';
import { trpc } from '../../../lib/trpc.ts';

/** Adds to a variant's stock or takes from it (a negative number), with the reason kept in its history. */
export function StockAdjuster({ variantId, productId }: { variantId: number; productId: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [delta, setDelta] = useState('');
  const [reason, setReason] = useState('');
  const adjust = useMutation(
    trpc.storeAdmin.adjustStock.mutationOptions({
      onSuccess: () => {
        setDelta('');
        setReason('');
        notify.success({ title: t`Stock updated` });
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.product.queryKey({ id: productId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.storeAdmin.products.pathKey() });
      },
      onError: (error) => notify.error({ title: t`Stock was not changed`, description: errorMessage(i18n, error) }),
    }),
  );
  const change = Number.parseInt(delta.replace('−', '-'), 10);
  return (
    <HStack gap="2" align="end" wrap="wrap" data-testid="stock-adjuster">
      <Field.Root width="28">
        <Field.Label fontSize="xs">{t`Change stock by`}</Field.Label>
        <NumericInput
          size="sm"
          dir="ltr"
          inputMode="numeric"
          placeholder="+10 / -2"
          value={delta}
          onChange={(event) => setDelta(event.target.value)}
        />
      </Field.Root>
      <Field.Root flex="1" minW="40">
        <Field.Label fontSize="xs">{t`Reason`}</Field.Label>
        <Input size="sm" value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field.Root>
      <Button
        size="sm"
        variant="outline"
        loading={adjust.isPending}
        disabled={!Number.isInteger(change) || change === 0 || !reason.trim()}
        onClick={() => adjust.mutate({ variantId, delta: change, reason })}
      >
        {t`Apply`}
      </Button>
    </HStack>
  );
}
