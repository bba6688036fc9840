import { Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { type CardDetails, type CardField, digitsOf } from './card-payment.ts';

/** Groups of four, as printed on the card (digits typed on an Arabic keyboard become these digits). */
function spaced(number: string) {
  return digitsOf(number)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

function expiryTyped(text: string) {
  const digits = digitsOf(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * The card's fields (name, number, expiry, CVC) for mada, Visa and Mastercard. The page posts them to
 * the gateway itself (card-payment.ts): they never reach our server.
 */
export function CardPaymentForm({
  card,
  onChange,
  invalid,
  disabled,
}: {
  card: CardDetails;
  onChange(card: CardDetails): void;
  invalid: CardField[];
  disabled: boolean;
}) {
  const { t } = useLingui();
  const set = (field: CardField, format: (text: string) => string = (text) => text) => ({
    value: card[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...card, [field]: format(event.currentTarget.value) }),
    disabled,
  });
  return (
    <Stack gap="3" data-testid="card-form">
      <HStack gap="2" color="fg.muted" fontSize="sm" wrap="wrap">
        <Text>{t`We accept`}</Text>
        {['mada', 'Visa', 'Mastercard'].map((brand) => (
          <Text key={brand} as="span" borderWidth="1px" rounded="sm" px="1.5" fontWeight="semibold" dir="ltr">
            {brand}
          </Text>
        ))}
      </HStack>
      <Field.Root invalid={invalid.includes('name')} required>
        <Field.Label>{t`Name on card`}</Field.Label>
        <Input {...set('name')} autoComplete="cc-name" dir="ltr" />
        <Field.ErrorText>{t`Enter the name as it appears on the card.`}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={invalid.includes('number')} required>
        <Field.Label>{t`Card number`}</Field.Label>
        <NumericInput {...set('number', spaced)} autoComplete="cc-number" inputMode="numeric" dir="ltr" placeholder="0000 0000 0000 0000" />
        <Field.ErrorText>{t`Check the card number.`}</Field.ErrorText>
      </Field.Root>
      <Grid templateColumns="1fr 1fr" gap="3">
        <Field.Root invalid={invalid.includes('expiry')} required>
          <Field.Label>{t`Expiry (MM/YY)`}</Field.Label>
          <NumericInput {...set('expiry', expiryTyped)} autoComplete="cc-exp" inputMode="numeric" dir="ltr" placeholder="MM/YY" />
          <Field.ErrorText>{t`Enter a future month and year.`}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={invalid.includes('cvc')} required>
          <Field.Label>{t`CVC`}</Field.Label>
          <NumericInput
            {...set('cvc', (text) => digitsOf(text).slice(0, 4))}
            autoComplete="cc-csc"
            inputMode="numeric"
            dir="ltr"
            placeholder="123"
          />
          <Field.ErrorText>{t`The 3 digits on the back of the card.`}</Field.ErrorText>
        </Field.Root>
      </Grid>
    </Stack>
  );
}
