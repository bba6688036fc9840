import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '../../components/form-dialog.tsx';
import { errorMessage } from '../../lib/errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { type CardDetails, type CardField, type GatewayAnswer, invalidCardFields, saveCardAtGateway } from '../payments/card-payment.ts';
import { CardPaymentForm } from '../payments/card-payment-form.tsx';
import { GatewayFailureAlert } from '../payments/gateway-failure-alert.tsx';
import type { GatewayFailure } from '../payments/use-gateway-payment.ts';

const NO_CARD: CardDetails = { name: '', number: '', expiry: '', cvc: '' };

/**
 * Changing the card a paid plan renews with (ADR 0042's amendment). The card goes from this dialog
 * straight to the gateway, which keeps it as a token once the bank's 3-D Secure page has checked it (a
 * 1 SAR authorization, never charged); the bank returns through /payments/moyasar/card-saved to the plan's
 * page, which says how it ended.
 */
export function PlanCardDialog({ current, onClose }: { current: string | null; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const [card, setCard] = useState<CardDetails>(NO_CARD);
  const [invalid, setInvalid] = useState<CardField[]>([]);
  const [answer, setAnswer] = useState<GatewayAnswer | null>(null);
  const [leaving, setLeaving] = useState(false);

  const start = useMutation(
    trpc.subscriptions.changeCard.mutationOptions({
      onSuccess: async (request) => {
        const saved = await saveCardAtGateway(request, card);
        setAnswer(saved);
        if (saved.kind === 'invalid') setInvalid(saved.fields);
        if (saved.kind === 'redirect') {
          // To the bank's 3-D Secure page; it returns to /payments/moyasar/card-saved, then to this page.
          setLeaving(true);
          window.location.assign(saved.url);
        }
      },
    }),
  );
  const working = start.isPending || leaving;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wrong = invalidCardFields(card);
    setInvalid(wrong);
    setAnswer(null);
    if (wrong.length === 0) start.mutate();
  };

  const failure: GatewayFailure | null = start.error
    ? { title: errorMessage(i18n, start.error), detail: null }
    : answer?.kind === 'declined'
      ? { title: t`Your bank did not accept this card. Please try another card.`, detail: null }
      : answer?.kind === 'unavailable'
        ? { title: t`The payment service is not answering. Your card has not changed; please try again.`, detail: null }
        : null;

  return (
    <FormDialog
      open
      onClose={onClose}
      busy={working}
      scrollBehavior="inside"
      testId="plan-card-change"
      title={t`Change the card for your plan`}
      onSubmit={submit}
      submit={{
        label: (
          <>
            <Lock aria-hidden />
            {t`Save card`}
          </>
        ),
        pending: working,
        loadingText: t`Saving card…`,
        testId: 'save-plan-card',
      }}
      cancel={{ label: t`Not now` }}
    >
      <Stack gap="4">
        <Text>
          {current
            ? t`Your plan renews with the card ending in ${current}. The next renewal will be charged to the new card instead, and we remove the old one.`
            : t`The next renewal will be charged to the new card, and we remove the old one.`}
        </Text>
        <CardPaymentForm card={card} onChange={setCard} invalid={invalid} disabled={working} />
        <Text fontSize="sm" color="fg.muted">
          {t`Your bank checks the card with a 1 SAR hold that is released at once; nothing is charged now. Moyasar, our payment provider, keeps the card; we never see or store its number.`}
        </Text>
        {failure && <GatewayFailureAlert failure={failure} />}
      </Stack>
    </FormDialog>
  );
}
