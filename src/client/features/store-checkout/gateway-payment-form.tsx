import { Alert, Button, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { GatewayPaymentFields } from '../payments/gateway-payment-fields.tsx';
import { useGatewayPayment } from '../payments/use-gateway-payment.ts';
import { DeliveryFields, type DeliveryForm, type DeliveryPrefill, deliveryFrom } from './delivery-fields.tsx';
import { keepReservationWhileAway } from './release-on-leave.ts';
import { storePaymentError } from './wallet-choice.tsx';

interface GatewayPaymentFormProps {
  orderId: string;
  total: string;
  /** The total in the currency's minor units, for Apple Pay's sheet. */
  totalMinor: { amount: number; currency: string };
  prefill: DeliveryPrefill | null;
  onOrderChanged: () => void;
  /** The wallet's switch (ADR 0093): the gateway is asked for the rest, `total` being what it pays. */
  useWallet?: boolean;
}

/**
 * The store's payment form when a gateway takes the card (Moyasar's form model, ADR 0039): the buyer
 * and the address go to our server, which answers the gateway form's configuration; the card goes from
 * this page straight to the gateway, then to the bank's 3-D Secure page, and never reaches us; STC Pay
 * asks for the code it texts instead.
 */
export function GatewayPaymentForm({ orderId, total, totalMinor, prefill, onOrderChanged, useWallet = false }: GatewayPaymentFormProps) {
  const { t, i18n } = useLingui();
  const goTo = useGoTo();
  const [delivery, setDelivery] = useState(() => deliveryFrom(prefill));
  // To the bank's 3-D Secure page or back through /payments/moyasar/callback: the stock stays reserved meanwhile.
  const gateway = useGatewayPayment({
    methods: ['card', 'stcpay', 'applepay'],
    onLeave: () => keepReservationWhileAway(orderId),
    total: { amountHalalas: totalMinor.amount, currency: totalMinor.currency },
    // A new STC Pay code after a wrong one: the same order, the same buyer and address.
    restart: () => start.mutate({ orderId, ...delivery, useWallet }),
  });

  const start = useMutation(
    trpc.store.hostedCheckout.startPayment.mutationOptions({
      onSuccess: async (answer) => {
        if (answer.status === 'paid') {
          goTo(answer.redirectUrl);
          return;
        }
        await gateway.pay(answer);
      },
      onError: (error) => {
        gateway.abandon();
        const code = error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined;
        // The order moved on (lapsed, paid elsewhere): show it as it now is.
        if (code === 'CHECKOUT_EXPIRED' || code === 'CHECKOUT_CLOSED' || code === 'WALLET_BALANCE_CHANGED') onOrderChanged();
      },
    }),
  );
  const fieldErrorOf = (field: keyof DeliveryForm) => (start.error ? fieldError(i18n, start.error, field) : undefined);
  const formError =
    start.error && !(start.error instanceof TRPCClientError && start.error.data?.zodError)
      ? storePaymentError(i18n, start.error)
      : undefined;
  const paying = start.isPending || gateway.working;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (gateway.codeSentTo || !gateway.check()) return;
    start.mutate({ orderId, ...delivery, useWallet });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
        <DeliveryFields value={delivery} onChange={setDelivery} errorOf={fieldErrorOf} />
        <Separator />
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {t`Payment`}
        </Text>
        <GatewayPaymentFields payment={gateway} disabled={paying} />
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        )}
        {!gateway.codeSentTo && (
          <Button type="submit" colorPalette="brand" size="lg" loading={paying} loadingText={t`Processing payment…`} data-testid="pay">
            <Lock aria-hidden />
            {t`Pay ${total}`}
          </Button>
        )}
      </Stack>
    </form>
  );
}
