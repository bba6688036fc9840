import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Wallet } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import type { RouterOutputs } from '../../lib/trpc.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { DeliveryFields, type DeliveryForm, type DeliveryPrefill, deliveryFrom } from './delivery-fields.tsx';

// The wallet at the store's checkout (ADR 0093): the buyer's balance and the switch to pay with it, the
// summary's lines for what the wallet and the card pay, and the form that places an order the wallet
// pays whole. Wallet money is a means of payment: the order's total stays as it is.

type HostedOrder = RouterOutputs['store']['hostedCheckout']['get'];

function Line({ label, amount, testId, bold }: { label: string; amount: string; testId: string; bold?: boolean }) {
  return (
    <HStack justify="space-between" fontWeight={bold ? 'semibold' : undefined} data-testid={testId}>
      <Text>{label}</Text>
      <Text dir="auto" whiteSpace="nowrap">
        {amount}
      </Text>
    </HStack>
  );
}

/**
 * Under the summary's total: while paying with the switch on, what the wallet pays and what is left for
 * the card; once paid, what each paid.
 */
export function WalletLines({ order, useWallet }: { order: HostedOrder; useWallet: boolean }) {
  const { t } = useLingui();
  const lines = order.paid_from_wallet
    ? { wallet: order.paid_from_wallet.wallet_formatted, card: order.paid_from_wallet.card_formatted }
    : useWallet && order.wallet
      ? { wallet: order.wallet.pays_formatted, card: order.wallet.card_due_formatted }
      : null;
  if (!lines) return null;
  return (
    <Stack gap="2">
      <Line label={t`Paid from wallet`} amount={`\u2212${lines.wallet}`} testId="wallet-paid-line" />
      <Line label={t`To pay by card`} amount={lines.card} testId="card-due-line" bold />
    </Stack>
  );
}

function appCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined;
}

const storeWalletChanged = msg`Your wallet balance changed before the payment went through (it was used for another order or expired), so this order was not placed and any card payment was refunded in full. Check the new balance and pay again.`;

/** A payment's error on the store's page: a changed wallet balance said of an order (the shared sentence speaks of a booking). */
export function storePaymentError(i18n: I18n, error: unknown): string {
  return appCodeOf(error) === 'WALLET_BALANCE_CHANGED' ? i18n._(storeWalletChanged) : errorMessage(i18n, error);
}

/** The wallet pays the whole: who buys and where it goes, then the order is placed at once, no card. */
export function WalletPaymentForm({
  orderId,
  prefill,
  onOrderChanged,
}: {
  orderId: string;
  prefill: DeliveryPrefill | null;
  onOrderChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const goTo = useGoTo();
  const queryClient = useQueryClient();
  const [delivery, setDelivery] = useState(() => deliveryFrom(prefill));
  const place = useMutation(
    trpc.store.hostedCheckout.payFromWallet.mutationOptions({
      onSuccess: ({ redirectUrl }) => {
        void queryClient.invalidateQueries();
        goTo(redirectUrl);
      },
      onError: (error) => {
        // The order or the balance moved on: show them as they now are.
        if (['CHECKOUT_EXPIRED', 'CHECKOUT_CLOSED', 'WALLET_BALANCE_CHANGED'].includes(appCodeOf(error) ?? '')) onOrderChanged();
      },
    }),
  );
  const fieldErrorOf = (field: keyof DeliveryForm) => (place.error ? fieldError(i18n, place.error, field) : undefined);
  const formError = place.error && appCodeOf(place.error) !== 'VALIDATION_FAILED' ? storePaymentError(i18n, place.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    place.mutate({ orderId, ...delivery });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
        <DeliveryFields value={delivery} onChange={setDelivery} errorOf={fieldErrorOf} />
        <Separator />
        <Text color="fg.muted">{t`Your wallet balance pays this order in full: no card is needed.`}</Text>
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <Button
          type="submit"
          colorPalette="brand"
          size="lg"
          loading={place.isPending || place.isSuccess}
          loadingText={t`Placing your order…`}
          data-testid="place-order-wallet"
        >
          <Wallet aria-hidden />
          {t`Place order`}
        </Button>
      </Stack>
    </form>
  );
}
