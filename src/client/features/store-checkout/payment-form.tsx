import { Alert, Button, Field, Grid, Input, Separator, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { TEST_CARD_APPROVED, TEST_CARD_DECLINED } from '../../../shared/store.ts';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { fieldError } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useGoTo } from '../../lib/use-go-to.ts';
import { DeliveryFields, type DeliveryForm, type DeliveryPrefill, deliveryFrom } from './delivery-fields.tsx';
import { storePaymentError } from './wallet-choice.tsx';

/** 4242424242424242 → 4242 4242 4242 4242 as it is typed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 1229 → 12/29 as it is typed. */
function slashExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Inside a sentence a card number stays one left-to-right piece: isolated, and never broken across lines. */
function asCardNumber(number: string): string {
  return `\u2066${number.replaceAll(' ', '\u00a0')}\u2069`;
}

function appCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { appCode?: string } | undefined)?.appCode : undefined;
}

const demoExpiry = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

interface PaymentFormProps {
  orderId: string;
  total: string;
  prefill: DeliveryPrefill | null;
  onOrderChanged: () => void;
  /** The wallet's switch (ADR 0093): the card pays the rest, `total` being what it pays. */
  useWallet?: boolean;
}

/** Who buys, where it goes, and the card: one form, one payment; what was typed stays after an error. */
export function PaymentForm({ orderId, total, prefill, onOrderChanged, useWallet = false }: PaymentFormProps) {
  const { t, i18n } = useLingui();
  const goTo = useGoTo();
  const queryClient = useQueryClient();
  const [delivery, setDelivery] = useState(() => deliveryFrom(prefill));
  const [card, setCard] = useState({ name: '', number: TEST_CARD_APPROVED, expiry: demoExpiry, cvc: '123' });
  const pay = useMutation(
    trpc.store.hostedCheckout.pay.mutationOptions({
      // Paid without leaving the app: stock and orders shown before are out of date now.
      onSuccess: ({ redirectUrl }) => {
        void queryClient.invalidateQueries();
        goTo(redirectUrl);
      },
      onError: (error) => {
        // The order moved on (lapsed, paid elsewhere): show it as it now is.
        if (['CHECKOUT_EXPIRED', 'CHECKOUT_CLOSED', 'WALLET_BALANCE_CHANGED'].includes(appCodeOf(error) ?? '')) onOrderChanged();
      },
    }),
  );
  const fieldErrorOf = (field: keyof typeof card | keyof DeliveryForm) => (pay.error ? fieldError(i18n, pay.error, field) : undefined);
  const approved = asCardNumber(TEST_CARD_APPROVED);
  const declined = asCardNumber(TEST_CARD_DECLINED);
  const formError = pay.error && appCodeOf(pay.error) !== 'VALIDATION_FAILED' ? storePaymentError(i18n, pay.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pay.mutate({ orderId, ...delivery, ...card, useWallet });
  };

  const field = (name: keyof typeof card, label: string, props: Parameters<typeof Input>[0]) => (
    <Field.Root invalid={Boolean(fieldErrorOf(name))} required>
      <Field.Label>{label}</Field.Label>
      <Input value={card[name]} onChange={(event) => setCard((current) => ({ ...current, [name]: event.target.value }))} {...props} />
      <Field.ErrorText>{fieldErrorOf(name)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="4" borderWidth="1px" rounded="xl" p={{ base: '4', md: '6' }} bg="bg.panel">
        <DeliveryFields value={delivery} onChange={setDelivery} errorOf={fieldErrorOf} />
        <Separator />
        <Text as="h2" fontWeight="semibold" fontSize="lg">
          {t`Card details`}
        </Text>
        {field('name', t`Name on card`, { autoComplete: 'cc-name' })}
        <Field.Root invalid={Boolean(fieldErrorOf('number'))} required>
          <Field.Label>{t`Card number`}</Field.Label>
          <NumericInput
            value={card.number}
            onChange={(event) => setCard((current) => ({ ...current, number: groupDigits(event.target.value) }))}
            autoComplete="cc-number"
            inputMode="numeric"
            dir="ltr"
          />
          <Field.HelperText>{t`Test cards: ${approved} pays, ${declined} is declined.`}</Field.HelperText>
          <Field.ErrorText>{fieldErrorOf('number')}</Field.ErrorText>
        </Field.Root>
        <Grid templateColumns="1fr 1fr" gap="4">
          <Field.Root invalid={Boolean(fieldErrorOf('expiry'))} required>
            <Field.Label>{t`Expiry (MM/YY)`}</Field.Label>
            <NumericInput
              value={card.expiry}
              onChange={(event) => setCard((current) => ({ ...current, expiry: slashExpiry(event.target.value) }))}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM/YY"
              dir="ltr"
            />
            <Field.ErrorText>{fieldErrorOf('expiry')}</Field.ErrorText>
          </Field.Root>
          {field('cvc', t`Security code (CVC)`, { autoComplete: 'cc-csc', inputMode: 'numeric', dir: 'ltr', maxLength: 4 })}
        </Grid>
        {formError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        <Button type="submit" colorPalette="brand" size="lg" loading={pay.isPending || pay.isSuccess} loadingText={t`Processing payment…`}>
          <CreditCard aria-hidden />
          {t`Pay ${total}`}
        </Button>
      </Stack>
    </form>
  );
}
