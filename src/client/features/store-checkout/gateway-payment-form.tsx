import { Alert, Button, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { errorMessage, fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { type CardDetails, type CardField, invalidCardFields, payAtGateway } from '../payments/card-payment.ts';
import { CardPaymentForm } from '../payments/card-payment-form.tsx';
import { DeliveryFields, type DeliveryForm, type DeliveryPrefill, deliveryFrom } from './delivery-fields.tsx';
import { keepReservationWhileAway } from './release-on-leave.ts';

interface GatewayPaymentFormProps {
  orderId: string;
  total: string;
  prefill: DeliveryPrefill | null;
  onOrderChanged: () => void;
}

/**
 * The store's payment form when a gateway takes the card (Moyasar's form model, ADR 0039): the buyer
 * and the address go to our server, which answers the gateway form's configuration; the card goes from
 * this page straight to the gateway, then to the bank's 3-D Secure page, and never reaches us.
 */
export function GatewayPaymentForm({ orderId, total, prefill, onOrderChanged }: GatewayPaymentFormProps) {
  const { t, i18n } = useLingui();
  const goTo = useGoTo();
  const [delivery, setDelivery] = useState(() => deliveryFrom(prefill));
  const [card, setCard] = useState<CardDetails>({ name: '', number: '', expiry: '', cvc: '' });
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [gatewayError, setGatewayError] = useState<{ title: string; detail: string | null } | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const start = useMutation(
    trpc.store.hostedCheckout.startPayment.mutationOptions({
      onSuccess: async (answer) => {
        if (answer.status === 'paid') {
          goTo(answer.redirectUrl);
          return;
        }
        const paid = await payAtGateway(answer, card);
        if (paid.kind === 'redirect') {
          // To the bank's 3-D Secure page; it returns to /payments/moyasar/callback. The stock stays reserved meanwhile.
          setRedirecting(true);
          keepReservationWhileAway(orderId);
          window.location.assign(paid.url);
          return;
        }
        if (paid.kind === 'invalid') setInvalid(paid.fields);
        else if (paid.kind === 'declined')
          setGatewayError({ title: t`Your card was declined. Please try another card.`, detail: paid.message });
        else
          setGatewayError({ title: t`The payment service is not answering. You have not been charged; please try again.`, detail: null });
      },
      onError: (error) => {
        const code = error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined;
        // The order moved on (lapsed, paid elsewhere): show it as it now is.
        if (code === 'CHECKOUT_EXPIRED' || code === 'CHECKOUT_CLOSED') onOrderChanged();
      },
    }),
  );
  const fieldErrorOf = (field: keyof DeliveryForm) => (start.error ? fieldError(i18n, start.error, field) : undefined);
  const formError =
    start.error && !(start.error instanceof TRPCClientError && start.error.data?.zodError) ? errorMessage(i18n, start.error) : undefined;
  const paying = start.isPending || redirecting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGatewayError(null);
    const wrong = invalidCardFields(card);
    setInvalid(wrong);
    if (wrong.length > 0) return;
    start.mutate({ orderId, ...delivery });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
        <DeliveryFields value={delivery} onChange={setDelivery} errorOf={fieldErrorOf} />
        <Separator />
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {t`Card details`}
        </Text>
        <CardPaymentForm card={card} onChange={setCard} invalid={invalid} disabled={paying} />
        {(gatewayError ?? formError) && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{gatewayError?.title ?? formError}</Alert.Title>
              {gatewayError?.detail && (
                <Alert.Description>
                  <bdi dir="ltr">{gatewayError.detail}</bdi>
                </Alert.Description>
              )}
            </Alert.Content>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={paying} loadingText={t`Processing payment…`} data-testid="pay">
          <CreditCard aria-hidden />
          {t`Pay ${total}`}
        </Button>
      </Stack>
    </form>
  );
}
