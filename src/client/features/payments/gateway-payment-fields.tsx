import { Alert, Button, Field, Grid, HStack, Input, RadioCard, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useRef } from 'react';
import { NumericInput } from '../../components/ui/numeric-input.tsx';
import { CardPaymentForm } from './card-payment-form.tsx';
import { GatewayFailureAlert } from './gateway-failure-alert.tsx';
import type { GatewayMethod, GatewayPaymentState } from './use-gateway-payment.ts';

/** 05X XXX XXXX, as Saudi numbers are written, kept on one line (no-break spaces). */
function mobileGrouped(mobile: string) {
  return mobile.replace(/^(\d{3})(\d{3})(\d{4})$/, '$1\u00a0$2\u00a0$3');
}

/**
 * What the customer fills in to pay at the gateway (use-gateway-payment.ts): the method when there is a
 * choice, the card's fields or the STC Pay wallet's number, then STC Pay's texted code; and what went
 * wrong at the gateway. The host keeps its own pay button, which starts the payment.
 */
export function GatewayPaymentFields({
  payment,
  disabled,
  cardNote,
}: {
  payment: GatewayPaymentState;
  disabled: boolean;
  /** Said under the card's fields (a plan: the card is kept for the renewals). */
  cardNote?: ReactNode;
}) {
  const { t } = useLingui();
  const labels: Record<GatewayMethod, { title: string; detail: string }> = {
    card: { title: t`Card`, detail: 'mada · Visa · Mastercard' },
    stcpay: { title: 'STC Pay', detail: t`Pay from your wallet` },
    applepay: { title: 'Apple Pay', detail: t`Face ID or Touch ID` },
  };
  const busy = disabled || payment.leaving || payment.confirming;
  const sentTo = payment.codeSentTo && mobileGrouped(payment.codeSentTo);
  // A new code after a wrong one: the field is ready for it, as the keyboard was for the first.
  const codeField = useRef<HTMLInputElement>(null);
  const { wrongCodes } = payment;
  useEffect(() => {
    if (wrongCodes > 0) codeField.current?.focus();
  }, [wrongCodes]);

  return (
    <Stack gap="4" data-testid="gateway-payment">
      {sentTo ? (
        <Stack gap="3" data-testid="stc-pay-code" data-wrong-codes={wrongCodes}>
          {wrongCodes > 0 ? (
            <Alert.Root status="warning" role="alert" data-testid="stc-pay-wrong-code">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>
                  <Trans>
                    The code was wrong. We've sent a new code to <bdi dir="ltr">{sentTo}</bdi>; enter it below.
                  </Trans>
                </Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Text>
              <Trans>
                STC Pay has texted a code to <bdi dir="ltr">{sentTo}</bdi>. Enter it to confirm the payment.
              </Trans>
            </Text>
          )}
          <Field.Root invalid={payment.codeInvalid} required>
            <Field.Label>{t`Code from STC Pay`}</Field.Label>
            <NumericInput
              ref={codeField}
              value={payment.code}
              onChange={(event) => payment.setCode(event.currentTarget.value)}
              onKeyDown={(event) => {
                // Enter confirms the code rather than sending the host's form again.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void payment.confirmCode();
              }}
              autoComplete="one-time-code"
              inputMode="numeric"
              dir="ltr"
              maxLength={8}
              disabled={busy}
            />
            <Field.ErrorText>{t`Enter the code from the text message, digits only.`}</Field.ErrorText>
          </Field.Root>
          <HStack gap="2" wrap="wrap">
            <Button
              colorPalette="brand"
              onClick={() => void payment.confirmCode()}
              loading={payment.confirming || payment.leaving}
              loadingText={t`Processing payment…`}
              disabled={disabled}
            >
              {t`Confirm payment`}
            </Button>
            <Button variant="ghost" onClick={payment.leaveCodeStep} disabled={busy}>
              {t`Change payment method`}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <>
          {payment.methods.length > 1 && (
            <RadioCard.Root
              value={payment.method}
              onValueChange={(details) => details.value && payment.chooseMethod(details.value as GatewayMethod)}
              size="sm"
              variant="outline"
              colorPalette="brand"
              disabled={busy}
            >
              <RadioCard.Label fontWeight="semibold">{t`Pay with`}</RadioCard.Label>
              {/* One under another on a phone, or when three would be cramped; two side by side from a tablet up. */}
              <Grid templateColumns={{ base: '1fr', sm: payment.methods.length === 2 ? '1fr 1fr' : '1fr' }} gap="2">
                {payment.methods.map((method) => (
                  <RadioCard.Item key={method} value={method}>
                    <RadioCard.ItemHiddenInput />
                    <RadioCard.ItemControl py="2" px="3">
                      <RadioCard.ItemContent>
                        <RadioCard.ItemText>{labels[method].title}</RadioCard.ItemText>
                        <RadioCard.ItemDescription>{labels[method].detail}</RadioCard.ItemDescription>
                      </RadioCard.ItemContent>
                      <RadioCard.ItemIndicator />
                    </RadioCard.ItemControl>
                  </RadioCard.Item>
                ))}
              </Grid>
            </RadioCard.Root>
          )}
          {payment.method === 'card' && (
            <>
              <CardPaymentForm card={payment.card} onChange={payment.setCard} invalid={payment.invalidCard} disabled={busy} />
              {cardNote}
            </>
          )}
          {payment.method === 'applepay' && (
            <Text color="fg.muted" data-testid="apple-pay-note">
              {t`Apple Pay opens when you press Pay; confirm there with Face ID or Touch ID.`}
            </Text>
          )}
          {payment.method === 'stcpay' && (
            <Field.Root invalid={payment.mobileInvalid} required data-testid="stc-pay-form">
              <Field.Label>{t`STC Pay mobile number`}</Field.Label>
              <Input
                value={payment.mobile}
                onChange={(event) => payment.setMobile(event.currentTarget.value)}
                autoComplete="tel-national"
                inputMode="tel"
                dir="ltr"
                placeholder="05X XXX XXXX"
                disabled={busy}
              />
              <Field.HelperText>{t`STC Pay will text you a code to confirm the payment.`}</Field.HelperText>
              <Field.ErrorText>{t`Enter the Saudi mobile number of your STC Pay wallet, such as 05X XXX XXXX.`}</Field.ErrorText>
            </Field.Root>
          )}
        </>
      )}
      {payment.failure && <GatewayFailureAlert failure={payment.failure} />}
    </Stack>
  );
}
